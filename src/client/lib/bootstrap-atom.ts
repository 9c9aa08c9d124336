import { atom } from 'jotai';
import type { Bootstrap } from './bootstrap';

const empty: Bootstrap = {
  host: '',
  domain: { name: '', home_page: '' },
  layouts: {
    home: { file: '', doc: { schemaVersion: 1, kind: 'home', title: 'empty', serves: ['*'], sections: [] } },
    header: { file: '', doc: { schemaVersion: 1, kind: 'header', title: 'empty', serves: ['*'], sections: [] } },
    footer: { file: '', doc: { schemaVersion: 1, kind: 'footer', title: 'empty', serves: ['*'], sections: [] } },
  },
  config: { apiBase: '', assetBase: '/assets/', recaptchaSiteKey: null, analyticsId: null, preview: false },
};

/** The server's bootstrap for this page, set once when the store is created. */
export const bootstrapAtom = atom<Bootstrap>(empty);
