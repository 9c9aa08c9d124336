import { render } from '@react-email/components';
import type { ComponentType, ReactNode } from 'react';
import { EMAIL_COMPONENTS } from '../../../sections/emails.generated';
import type { LayoutDocument, LayoutSection, SectionSettingsByType } from '../../../shared/layout/types';
import { MailFrame } from '../templates/mail-frame';
import type { DigestContext, EmailSectionProps } from './email-kit';

// An email document drawn as the digest: its sections in order (email-settings draws nothing, it sets the subject
// and the schedule). One render per digest; the recipient's unsubscribe link is put in when each mail is sent.

export type DigestSettings = SectionSettingsByType['email-settings'];

export const DEFAULT_DIGEST_SETTINGS: DigestSettings = { subject: 'This week’s best deals', day: 'monday', hour: 8 };

export function digestSettings(doc: LayoutDocument): DigestSettings {
  const section = doc.sections.find((s) => s.type === 'email-settings');
  return section?.type === 'email-settings' ? section.settings : DEFAULT_DIGEST_SETTINGS;
}

/** The section types drawn in email: those whose folder has an email.tsx (src/sections/<type>/email.tsx). */
type DrawnEmailType = keyof typeof EMAIL_COMPONENTS;

/** Each email component takes its own type's settings: a folder whose email.tsx draws another type does not compile. */
const COMPONENTS: { [T in DrawnEmailType]: ComponentType<EmailSectionProps<T>> } = EMAIL_COMPONENTS;

const isDrawnEmailType = (type: string): type is DrawnEmailType => Object.hasOwn(COMPONENTS, type);

function drawSection(section: LayoutSection, ctx: DigestContext): ReactNode {
  // Page section types never reach here in a valid email document (the checker refuses them); drawn as nothing.
  if (!isDrawnEmailType(section.type)) return null;
  const Component = COMPONENTS[section.type] as ComponentType<EmailSectionProps<DrawnEmailType>>;
  return <Component key={section.id} id={section.id} settings={section.settings as never} ctx={ctx} />;
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
