import type { FastifyBaseLogger } from 'fastify';

// The "mail service" behind an adapter: the default one logs; no real mail is sent.
export interface MailMessage {
  to: string;
  replyTo: string;
  subject: string;
  text: string;
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
