import { render } from '@react-email/components';
import type { ReactNode } from 'react';
import type { LayoutDocument, LayoutSection, SectionSettingsByType } from '../../../shared/layout/types';
import { MailFrame } from '../templates/mail-frame';
import { EmailBanner, EmailFooter, EmailIntro, EmailNewStores, EmailTopDeals, type DigestContext } from './sections';

// An email document drawn as the digest: its sections in order (email-settings draws nothing, it sets the subject
// and the schedule). One render per digest; the recipient's unsubscribe link is put in when each mail is sent.

export type DigestSettings = SectionSettingsByType['email-settings'];

export const DEFAULT_DIGEST_SETTINGS: DigestSettings = { subject: 'This week’s best deals', day: 'monday', hour: 8 };

export function digestSettings(doc: LayoutDocument): DigestSettings {
  const section = doc.sections.find((s) => s.type === 'email-settings');
  return section?.type === 'email-settings' ? section.settings : DEFAULT_DIGEST_SETTINGS;
}

function drawSection(section: LayoutSection, ctx: DigestContext): ReactNode {
  switch (section.type) {
    case 'email-intro':
      return <EmailIntro key={section.id} id={section.id} settings={section.settings} ctx={ctx} />;
    case 'email-top-deals':
      return <EmailTopDeals key={section.id} id={section.id} settings={section.settings} ctx={ctx} />;
    case 'email-new-stores':
      return <EmailNewStores key={section.id} id={section.id} settings={section.settings} ctx={ctx} />;
    case 'email-banner':
      return <EmailBanner key={section.id} id={section.id} settings={section.settings} ctx={ctx} />;
    case 'email-footer':
      return <EmailFooter key={section.id} id={section.id} settings={section.settings} ctx={ctx} />;
    default:
      // email-settings, and any page section type (the checker refuses those in an email document).
      return null;
  }
}

export async function renderDigest(
  doc: LayoutDocument,
  ctx: DigestContext,
): Promise<{ subject: string; html: string; text: string }> {
  const settings = digestSettings(doc);
  const node = (
    <MailFrame brand={ctx.brand} preview={settings.preheader ?? settings.subject}>
      {doc.sections.map((section) => drawSection(section, ctx))}
    </MailFrame>
  );
  const [html, text] = await Promise.all([render(node), render(node, { plainText: true })]);
  return { subject: settings.subject, html, text };
}
