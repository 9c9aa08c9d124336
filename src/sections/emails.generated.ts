// Written by `npm run schemas:write` from the folders of src/sections: each folder's email.tsx.
// Do not edit: add or remove a folder and run it again (`npm run layouts:check` fails until then).
import emailBanner from './email-banner/email';
import emailFooter from './email-footer/email';
import emailIntro from './email-intro/email';
import emailNewStores from './email-new-stores/email';
import emailTopDeals from './email-top-deals/email';

/** The email component of every section type that has one, keyed by type. */
export const EMAIL_COMPONENTS = {
  'email-banner': emailBanner,
  'email-footer': emailFooter,
  'email-intro': emailIntro,
  'email-new-stores': emailNewStores,
  'email-top-deals': emailTopDeals,
};
