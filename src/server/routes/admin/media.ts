import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MEDIA_MAX_BYTES,
  MediaQuery,
  MediaUploaded,
  mediaTooLarge,
  type MediaQuery as MediaQueryT,
} from '../../../shared/contract/media';
import { mediaPath } from '../../../shared/rules/media-path';
import { responses } from '../../api-schemas/common';
import { processImage } from '../../media/process';
import { saveMedia } from '../../media/store';
import { ApiError } from '../../lib/api-error';
import { answerEarly } from './answer-early';
import { auditedWrite, type AdminContext } from './context';
import { operatorOf } from './guard';

// Issue 26: POST /api/admin/media?purpose=logo|favicon|store|banner[&dimension=728 * 90], the raw file as the body
// (Content-Type image/*). Any signed-in operator may upload (an image is not a tenant's data until an image field of a
// form they may change stores its url; decision 028). Answers the url to store, and the size it was made at.

const NOT_A_FILE = 'Send the image file itself as the request body, with its type as Content-Type (e.g. image/png).';

/** The body read up to MEDIA_MAX_BYTES, or null when it is longer (Content-Length says so, or it turns out so). */
async function readLimited(req: FastifyRequest, body: Readable): Promise<Buffer | null> {
  if (Number(req.headers['content-length']) > MEDIA_MAX_BYTES) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > MEDIA_MAX_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size);
}

export async function adminMediaRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  await app.register(async (scope) => {
    // The route reads the body itself, up to its limit (a larger one is answered at once: answer-early.ts).
    scope.addContentTypeParser(/^image\//i, (_req, payload, done) => done(null, payload));
    scope.post<{ Querystring: MediaQueryT }>(
      '/media',
      {
        schema: {
          tags: ['admin: media'],
          security: [{ bearer: [] }],
          summary:
            'Upload an image (raw body, Content-Type image/png|jpeg|webp|avif|gif; no SVG) made for where it is shown; ' +
            'answers the url to store in a logo, favicon, store or banner image field',
          querystring: MediaQuery,
          response: responses(MediaUploaded),
        },
      },
      async (req, reply) => {
        const op = operatorOf(req);
        const { purpose, dimension } = req.query;
        if (dimension && purpose !== 'banner') throw new ApiError(400, 'dimension is for purpose=banner only.');
        if (!(req.body instanceof Readable)) throw new ApiError(415, NOT_A_FILE);
        const body = await readLimited(req, req.body);
        if (body === null) {
          const declared = Number(req.headers['content-length']);
          const message = mediaTooLarge(declared > 0 ? declared : null);
          return answerEarly(reply, req.body, MEDIA_MAX_BYTES).code(413).send({ success: false, message });
        }
        if (body.length === 0) throw new ApiError(415, NOT_A_FILE);
        const image = await processImage(body, purpose, dimension);
        const record = await auditedWrite(ctx, req, async (tx) => {
          const saved = await saveMedia(tx, image, { purpose, sourceBytes: body.length, uploadedBy: op.email });
          return {
            result: saved,
            audit: {
              action: 'create',
              entity: 'media',
              entityId: saved.hash,
              domainId: null,
              before: null,
              after: saved,
            },
            affected: {},
          };
        });
        // Favicons stay PNG (every browser's tab icon); pages get WebP, mails the PNG beside it (mailImagePath).
        const url = mediaPath(record.hash, record, purpose === 'favicon' ? 'png' : 'webp');
        // 200, not 201: the same picture sent again names the image already there.
        return reply.send({
          success: true,
          message: 'Image uploaded.',
          data: { url, width: record.width, height: record.height },
        });
      },
    );
  });
}
