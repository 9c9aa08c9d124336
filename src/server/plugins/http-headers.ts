import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { permissionsPolicy } from './permissions-policy';

// Security headers (helmet; CSP set per response kind), compression, and explicit Cache-Control everywhere.
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * Helmet headers that only mean something on a document (framing, referrer, DNS prefetch, HSTS, which every page
 * carries). Other answers (JSON, scripts, styles, images) drop them: nosniff and CORP stay; the rest only cost bytes
 * on every API call and every asset (~330 bytes each, on the ten files of a first visit).
 */
const DOCUMENT_ONLY_HEADERS = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
];

export async function registerHttpHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    // Banner images may come from other origins (image_url is absolute).
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
    // Headers for browsers long gone (IE8's download prompt, the retired XSS auditors, Flash/Acrobat cross-domain
    // policies) and DNS-prefetch opt-out: each costs every shopper bytes and the client's parser a header on every
    // document (issue 19: a document's answer is otherwise as cheap as a bare server's).
    xDownloadOptions: false,
    xXssProtection: false,
    xPermittedCrossDomainPolicies: false,
    xDnsPrefetchControl: false,
    // The CSP's frame-ancestors 'self' says the same to every browser we serve.
    xFrameOptions: false,
    // 'zero-redirect-with-refer' stores expect the site as referrer: send the origin cross-site, never the path.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });

  app.addHook('onSend', async (req, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', API_CSP);
    if (!reply.hasHeader('cache-control')) {
      const cacheable = (req.method === 'GET' || req.method === 'HEAD') && reply.statusCode < 300;
      // Catalogue answers may be 30 s old; writes, errors and anything personal are never stored.
      reply.header('cache-control', cacheable ? 'public, max-age=30' : 'no-store');
    }
    if (req.tenant) reply.header('vary', 'domain-name, Accept-Encoding');
    // Browsers ignore HSTS on plain http (RFC 6797 §8.1): sent where it means something.
    if (req.protocol !== 'https') reply.removeHeader('strict-transport-security');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type !== '' && !type.startsWith('text/html')) for (const h of DOCUMENT_ONLY_HEADERS) reply.removeHeader(h);
    else if (type.startsWith('text/html') && !reply.hasHeader('permissions-policy'))
      reply.header('permissions-policy', permissionsPolicy(req.tenant?.data.permissions));
    // A CSP governs documents (and workers); on a script or a stylesheet it is never read.
    if (/^(text\/css|application\/javascript|text\/javascript)\b/.test(type))
      reply.removeHeader('content-security-policy');
    return payload;
  });
}
