import type { FastifyBaseLogger } from 'fastify';

// The "mail service" behind an adapter. send() means "accepted for delivery": the queue's adapter (queue.ts) writes the
// outbox row and a send job; tests hand in their own. The log adapter remains for tools that must not mail anyone.
export type MailKind = 'confirm' | 'digest' | 'contact' | 'alert';

export interface MailMessage {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  kind?: MailKind;
  /** The tenant sending it: its From address and DKIM key. */
  domainId?: string;
  from?: string;
  /** Sent as List-Unsubscribe (RFC 8058) and put in place of {{unsubscribe_url}} in the body. */
  unsubscribeUrl?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function logMailer(log: Pick<FastifyBaseLogger, 'info'>): Mailer {
  return {
    async send(m) {
      log.info(
        { mail: { to: m.to, replyTo: m.replyTo, subject: m.subject, length: m.text.length } },
        'mail (log adapter): not sent',
      );
    },
  };
}

/** The queue's counterpart of logMailer: outbox rows are written, their send jobs only logged. */
export function logQueue(log: Pick<FastifyBaseLogger, 'info'>): { enqueue(ids: readonly number[]): Promise<void> } {
  return {
    async enqueue(ids) {
      log.info({ outbox: ids }, 'mail (log adapter): send jobs not queued');
    },
  };
}
