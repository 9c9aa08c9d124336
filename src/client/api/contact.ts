import { atomWithMutation } from 'jotai-tanstack-query';
import type { SendMailAnswer } from '../../shared/contract/envelopes';
import { sendMailPath } from '../../shared/contract/queries/contact';
import { extractErrorMessage } from '../../shared/rules/error-message';
import { ApiError, request } from './http';

/** SPEC §7 sendMail payload: the contact form fields (the HTTP client adds the domain-name header). */
export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

/** SPEC §8: what a failed send says when the server gave nothing better (network error, 5xx). */
export const CONTACT_SEND_FAILED = 'Unable to send information';
const SENT = 'Thank you! Your message has been sent.';

/** POST /api/end-user/mail/sendMail; a 2xx answer with success:false is a failure too. Resolves to the success message. */
export async function sendContactMessage(message: ContactMessage): Promise<string> {
  const answer = await request<SendMailAnswer>(sendMailPath, { method: 'POST', body: message });
  if (!answer || answer.success === false)
    throw new ApiError(answer?.errorMessage ?? answer?.message ?? CONTACT_SEND_FAILED, 200, answer);
  return answer.message?.trim() || SENT;
}

function bodyOf(error: unknown): Record<string, unknown> | null {
  const body = error instanceof ApiError ? error.body : null;
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
}

/**
 * SPEC §8 contact failure: a non-success answer (2xx success:false, or 4xx) shows the server's errorMessage
 * (else its message by the extraction rule); no answer or a 5xx shows 'Unable to send information'
 * (followed by the server's errorMessage when it sent one, e.g. "saved but not forwarded").
 */
export function contactErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return CONTACT_SEND_FAILED;
  const raw = bodyOf(error)?.errorMessage;
  const detail = typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : null;
  if (error.status >= 500) return detail ? `${CONTACT_SEND_FAILED}. ${detail}` : CONTACT_SEND_FAILED;
  return detail ?? extractErrorMessage({ body: bodyOf(error) }, CONTACT_SEND_FAILED);
}

/** One mutation atom per mounted form, so a message sent earlier does not show when the page is opened again. */
export function createContactMutationAtom() {
  return atomWithMutation<string, ContactMessage, unknown>(() => ({
    mutationKey: ['contact', 'sendMail'],
    mutationFn: sendContactMessage,
  }));
}
