import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect';
import { parseMediaFile } from '../../shared/rules/media-path';
import { ApiError } from '../lib/api-error';
import { readRendition } from './store';

// GET /assets/media/<hash>-<w>x<h>.<png|webp> on every host (tenants' sites, the console): uploaded images, immutable
// (the name is the content's hash), readable from anywhere: mail clients and their image proxies fetch them from
// outside the site, so Cross-Origin-Resource-Policy is cross-origin (decision 028). The bytes a process has served
// are kept in memory, up to KEEP_BYTES.

const TYPES = { png: 'image/png', webp: 'image/webp' } as const;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
const KEEP_BYTES = 8 * 1024 * 1024;

export async function mediaFileRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const kept = new Map<string, Buffer>();
  let keptBytes = 0;
  const keep = (file: string, body: Buffer) => {
    if (body.length > KEEP_BYTES / 4) return;
    while (keptBytes + body.length > KEEP_BYTES && kept.size > 0) {
      const [oldest, bytes] = kept.entries().next().value as [string, Buffer];
      kept.delete(oldest);
      keptBytes -= bytes.length;
    }
    kept.set(file, body);
    keptBytes += body.length;
  };

  app.get<{ Params: { file: string } }>(
    '/assets/media/:file',
    {
      compress: false,
      schema: {
        tags: ['site'],
        summary: 'An uploaded image (immutable, CORP cross-origin: mail clients load it)',
        params: { type: 'object', properties: { file: { type: 'string', maxLength: 60 } } },
      },
    },
    async (req, reply) => {
      const { file } = req.params;
      const parsed = parseMediaFile(file);
      if (!parsed) throw new ApiError(404, `No image at /assets/media/${file.slice(0, 60)}`);
      let body = kept.get(file);
      if (body) {
        kept.delete(file); // most recently used last
        kept.set(file, body);
      } else {
        body = (await readRendition(deps.db, parsed)) ?? undefined;
        if (!body) throw new ApiError(404, `No image at /assets/media/${file}`);
        keep(file, body);
      }
      return reply
        .header('cache-control', IMMUTABLE)
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .type(TYPES[parsed.format])
        .send(body);
    },
  );
}
