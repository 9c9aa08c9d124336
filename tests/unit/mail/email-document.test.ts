import { describe, expect, it } from 'vitest';
import { emailDocumentFor } from '../../../src/server/mail/digest/send';
import type { LoadedDocument } from '../../../src/shared/layout/types';

// The digest's document comes from the layout engine's one resolution: tenant overrides and schedules apply to it.
const doc = (file: string, extra: Record<string, unknown>): LoadedDocument =>
  ({ file, doc: { schemaVersion: 2, kind: 'email', serves: [], sections: [], ...extra } }) as unknown as LoadedDocument;

const documents = [
  doc('layouts/email/digest.json', { serves: ['*'] }),
  doc('layouts/email/one-only.json', { tenants: ['one.localhost'] }),
  doc('layouts/email/black-friday.json', {
    serves: ['*'],
    schedule: { from: '2026-11-27T00:00:00Z', until: '2026-11-30T23:59:59Z' },
  }),
];

describe('the digest document of a tenant', () => {
  const at = new Date('2026-11-25T12:00:00Z');
  it('is the tenant override for its tenant, the default for the others', () => {
    expect(emailDocumentFor(documents, { hosts: ['one.localhost'], homePage: 'Home Page One' }, at)?.file).toBe(
      'layouts/email/one-only.json',
    );
    expect(emailDocumentFor(documents, { hosts: ['two.localhost'], homePage: 'Home Page Two' }, at)?.file).toBe(
      'layouts/email/digest.json',
    );
  });

  it('applies an override naming any one host of the tenant', () => {
    const tenant = { hosts: ['www.one.localhost', 'one.localhost'], homePage: 'Home Page One' };
    expect(emailDocumentFor(documents, tenant, at)?.file).toBe('layouts/email/one-only.json');
  });

  it('follows schedules: the scheduled document inside its window only', () => {
    const tenant = { hosts: ['two.localhost'], homePage: 'Home Page Two' };
    expect(emailDocumentFor(documents, tenant, new Date('2026-11-28T09:00:00Z'))?.file).toBe(
      'layouts/email/black-friday.json',
    );
    expect(emailDocumentFor(documents, tenant, new Date('2026-12-01T09:00:00Z'))?.file).toBe(
      'layouts/email/digest.json',
    );
  });
});
