import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { Dkim } from './identity';
import { UNSUBSCRIBE_PLACEHOLDER, type OutboxMail } from './outbox';

// SMTP through nodemailer (SMTP_URL: smtp://user:pass@host:port or smtps://…), pooled so a digest reuses connections.
export type SmtpTransport = Transporter;

export function smtpTransport(url: string, maxConnections = 5): SmtpTransport {
  return nodemailer.createTransport({ url, pool: true, maxConnections, maxMessages: Infinity } as never);
}

/** The nodemailer message of an outbox row: per-recipient unsubscribe link, RFC 8058 headers, DKIM when configured. */
export function toNodemailer(mail: OutboxMail, dkim: Dkim | null): SendMailOptions {
  const unsubscribe = mail.unsubscribe_url ?? '';
  const fill = (s: string) => (unsubscribe ? s.split(UNSUBSCRIBE_PLACEHOLDER).join(unsubscribe) : s);
  return {
    from: mail.from_addr,
    to: mail.to_addr,
    ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
    subject: mail.subject,
    text: fill(mail.text),
    html: fill(mail.html),
    ...(unsubscribe
      ? {
          list: { unsubscribe: unsubscribe },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }
      : {}),
    ...(dkim
      ? { dkim: { domainName: dkim.domainName, keySelector: dkim.keySelector, privateKey: dkim.privateKey } }
      : {}),
  };
}
