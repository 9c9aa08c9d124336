import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect';
import type { Tenant } from '../db/repositories/domains';
import { confirmOptIn, findOptIn, unsubscribeOptIn, type OptIn, type OptInTable } from '../db/repositories/opt-ins';
import { LIST_PATHS } from '../mail/opt-in';
import { htmlCsp } from '../site/csp';
import { escapeHtml } from '../lib/escape';
import { htmlTenant } from '../site/page-steps';

// The pages behind the links of the mails (issue 14). A GET never changes anything (link scanners follow GETs): it
// shows the tenant's page with a button that POSTs. The POST to the List-Unsubscribe URL is RFC 8058's one-click
// unsubscribe: the token in the URL is enough, whatever the body.

const WHAT: Readonly<Record<OptInTable, string>> = {
  newsletter: 'the weekly newsletter',
  alerts: 'alerts about new coupons of this store',
};

type Page = { status: number; title: string; text: string; form?: { action: string; label: string; token: string } };

function pageHtml(tenant: Tenant, page: Page): string {
  const colour = /^#[0-9a-f]{3,8}$|^[a-z]+$/i.test(tenant.data.header_color) ? tenant.data.header_color : '#1f2937';
  const form = page.form
    ? `<form method="post" action="${escapeHtml(page.form.action)}">` +
      `<input type="hidden" name="token" value="${escapeHtml(page.form.token)}">` +
      `<input type="hidden" name="List-Unsubscribe" value="One-Click">` +
      `<button type="submit" style="background:${colour};color:#fff;border:0;border-radius:4px;padding:12px 20px;` +
      `font-size:16px;cursor:pointer">${escapeHtml(page.form.label)}</button></form>`
    : '';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(page.title)} - ${escapeHtml(tenant.data.name)}</title></head>` +
    `<body style="margin:0;font-family:Helvetica,Arial,sans-serif;background:#f4f4f5">` +
    `<header style="background:${colour};color:#fff;padding:16px 24px"><a href="/" style="color:#fff;` +
    `text-decoration:none;font-size:22px;font-weight:bold">${escapeHtml(tenant.data.name)}</a></header>` +
    `<main style="max-width:560px;margin:32px auto;background:#fff;padding:24px;border-radius:6px">` +
    `<h1 style="font-size:22px">${escapeHtml(page.title)}</h1><p>${escapeHtml(page.text)}</p>${form}` +
    `<p><a href="/">Back to ${escapeHtml(tenant.data.name)}</a></p></main></body></html>`
  );
}

function tokenOf(req: FastifyRequest): string {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const body = (req.body ?? {}) as Record<string, unknown>;
  const raw = typeof query.token === 'string' ? query.token : typeof body.token === 'string' ? body.token : '';
  return raw.trim().toLowerCase();
}

const NOT_FOUND: Page = {
  status: 404,
  title: 'This link is not valid',
  text: 'The link is incomplete or no longer in use. Links in our mails always work as they arrive; please copy the whole link.',
};

function confirmPage(list: OptInTable, row: OptIn | null, after: boolean): Page {
  if (!row) return NOT_FOUND;
  if (row.status === 'confirmed')
    return {
      status: 200,
      title: after ? 'Thank you: your subscription is confirmed' : 'Your subscription is confirmed',
      text: `${row.email} will receive ${WHAT[list]}. Every mail has a link to unsubscribe at any time.`,
    };
  if (row.status === 'unsubscribed')
    return {
      status: 200,
      title: 'You have unsubscribed',
      text: `${row.email} receives nothing more. To subscribe again, sign up on the site.`,
    };
  return {
    status: 200,
    title: 'Please confirm your subscription',
    text: `Confirm that ${row.email} should receive ${WHAT[list]}.`,
    form: { action: `${LIST_PATHS[list]}/confirm`, label: 'Confirm my subscription', token: row.token },
  };
}

function unsubscribePage(list: OptInTable, row: OptIn | null, after: boolean): Page {
  if (!row) return NOT_FOUND;
  if (row.status === 'unsubscribed')
    return {
      status: 200,
      title: after ? 'You have been unsubscribed' : 'You are unsubscribed',
      text: `${row.email} will not receive ${WHAT[list]} any more.`,
    };
  return {
    status: 200,
    title: 'Unsubscribe?',
    text: `${row.email} will not receive ${WHAT[list]} any more.`,
    form: {
      action: `${LIST_PATHS[list]}/unsubscribe?token=${encodeURIComponent(row.token)}`,
      label: 'Unsubscribe',
      token: row.token,
    },
  };
}

export async function optInPageRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  await app.register(async (scope) => {
    // Forms and RFC 8058 one-click POSTs: the token is all that matters, so other fields are read as plain strings.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));

    const answer = async (req: FastifyRequest, reply: FastifyReply, run: (tenant: Tenant) => Promise<Page>) => {
      const tenant = await htmlTenant(db, req, reply);
      if (!tenant) return reply;
      const page = await run(tenant);
      return reply
        .code(page.status)
        .header('cache-control', 'no-store')
        .header('content-security-policy', htmlCsp([]))
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(pageHtml(tenant, page));
    };
    // A token of another tenant is not found here.
    const own = (tenant: Tenant, row: OptIn | null) => (row && row.domainId === tenant.id ? row : null);

    for (const list of Object.keys(LIST_PATHS) as OptInTable[]) {
      const base = LIST_PATHS[list];
      const schema = { hide: true };
      scope.get(`${base}/confirm`, { schema }, (req, reply) =>
        answer(req, reply, async (t) => confirmPage(list, own(t, await findOptIn(db, list, tokenOf(req))), false)),
      );
      scope.post(`${base}/confirm`, { schema }, (req, reply) =>
        answer(req, reply, async (t) => {
          const row = own(t, await findOptIn(db, list, tokenOf(req)));
          return confirmPage(list, row ? await confirmOptIn(db, list, row.token) : null, true);
        }),
      );
      scope.get(`${base}/unsubscribe`, { schema }, (req, reply) =>
        answer(req, reply, async (t) => unsubscribePage(list, own(t, await findOptIn(db, list, tokenOf(req))), false)),
      );
      scope.post(`${base}/unsubscribe`, { schema }, (req, reply) =>
        answer(req, reply, async (t) => {
          const row = own(t, await findOptIn(db, list, tokenOf(req)));
          return unsubscribePage(list, row ? await unsubscribeOptIn(db, list, row.token) : null, true);
        }),
      );
    }
  });
}
