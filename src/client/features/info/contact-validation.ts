import { isValidEmail } from '../../../shared/rules/email';

export type ContactField = 'name' | 'email' | 'message';
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

/** Form order: the first invalid field in this order gets the focus. */
export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'message'];

export interface ContactLimits {
  nameMaxLength: number;
  messageMaxLength: number;
}

/** The inline message of each invalid field (trimmed values; the email with the shared SPEC §5 rule). */
export function validateContact(values: ContactValues, limits: ContactLimits): ContactErrors {
  const errors: ContactErrors = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const message = values.message.trim();
  if (!name) errors.name = 'Please enter your name.';
  else if (name.length > limits.nameMaxLength)
    errors.name = `Please keep your name to ${limits.nameMaxLength} characters or fewer.`;
  if (!email) errors.email = 'Please enter your email address.';
  else if (!isValidEmail(email)) errors.email = 'Please provide a valid email address.';
  if (!message) errors.message = 'Please write your message.';
  else if (message.length > limits.messageMaxLength)
    errors.message = `Please keep your message to ${limits.messageMaxLength} characters or fewer.`;
  return errors;
}

/** The first field (in form order) that has an error, or null. */
export function firstInvalid(errors: ContactErrors): ContactField | null {
  return CONTACT_FIELDS.find((field) => errors[field]) ?? null;
}
