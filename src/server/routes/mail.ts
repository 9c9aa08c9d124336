import type { FastifyInstance } from 'fastify';
import { isValidEmail } from '../../shared/rules/email';
import { plainText, singleLine } from '../../shared/rules/form-text';
import { responses } from '../api-schemas/common';
import { SendMailAnswer } from '../../shared/contract/envelopes';
import { markDelivered, storeMessage } from '../db/repositories/messages';
import { ApiError } from '../lib/api-error';
import { tenantOf } from '../plugins/tenancy';
import { tenantMail } from '../mail/identity';
import type { RouteDeps } from './deps';
import { sendMailPath } from '../../shared/contract/queries/index';

// Contact form: the message is stored, then handed to the mail queue (issue 14): to the tenant's contact address,
// from the tenant's own address, reply-to the shopper. When the queue cannot take it, SPEC §8's failure text.
type Body = { name: string; email: string; phone?: string; subject?: string; message: string };

export async function mailRoutes(app: FastifyInstance, { db, mailer, rateLimits }: RouteDeps): Promise<void> {
  app.post<{ Body: Body }>(
    sendMailPath,
    {
      config: { rateLimit: { max: rateLimits.forms.max, timeWindow: rateLimits.forms.timeWindow } },
      schema: {
        tags: ['contact'],
        summary: "Send a contact message to the site operator's contact email (stored, then queued)",
        body: {
          type: 'object',
          required: ['name', 'email', 'message'],
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 200 },
            email: { type: 'string', maxLength: 320 },
            phone: { type: 'string', maxLength: 50 },
            subject: { type: 'string', maxLength: 300 },
            message: { type: 'string', minLength: 1, maxLength: 5000 },
          },
        },
        response: responses(SendMailAnswer),
      },
    },
    async (req) => {
      const tenant = tenantOf(req);
      const b = req.body;
      const email = b.email.trim();
      if (!isValidEmail(email)) {
        throw new ApiError(400, 'Unable to send information', {
          errorMessage: 'Please provide a valid email address.',
        });
      }
      // Single-line fields end up in the mail's Subject header: no CR/LF may reach it (issue 18).
      const message = {
        name: singleLine(b.name),
        email,
        phone: singleLine(b.phone ?? ''),
        subject: singleLine(b.subject ?? ''),
        message: plainText(b.message),
      };
      const id = await storeMessage(db, tenant.id, message);
      try {
        const identity = await tenantMail(db, tenant.id);
        await mailer.send({
          kind: 'contact',
          domainId: tenant.id,
          ...(identity ? { from: identity.from } : {}),
          to: tenant.data.contact.email || identity?.from || 'operator@localhost',
          replyTo: email,
          subject: `[${tenant.data.name}] ${message.subject || 'Contact form'}`,
          text: `${message.name} <${email}> ${message.phone}\n\n${message.message}`,
        });
        await markDelivered(db, id);
      } catch (err) {
        req.log.error({ err, messageId: id }, 'contact mail not delivered');
        throw new ApiError(502, 'Unable to send information', {
          errorMessage: 'Your message was saved but could not be forwarded; we will follow up.',
        });
      }
      return { success: true, message: 'Thank you! Your message has been sent.' };
    },
  );
}
