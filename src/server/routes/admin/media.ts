import type { FastifyInstance } from 'fastify';
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
import { ApiError } from '../../plugins/api-error';
import { auditedWrite, type AdminContext } from './context';
import { operatorOf } from './guard';

// Issue 26: POST /api/admin/media?purpose=logo|favicon|store|banner[&dimension=728 * 90], the raw file as the body
// (Content-Type image/*). Any signed-in operator may upload (an image is not a tenant's data until an image field of a
// form they may change stores its url; decision 028). Answers the url to store, and the size it was made at.

const NOT_A_FILE = 'Send the image file itself as the request body, with its type as Content-Type (e.g. image/png).';

/** Reads an image body up to MEDIA_MAX_BYTES; past it, 413 with the limit (before reading when Content-Length says). */
function readImageBody(app: FastifyInstance): void {
  app.addContentTypeParser(/^image\//i, (req, payload, done) => {
    const declared = Number(req.headers['content-length']);
    if (declared > MEDIA_MAX_BYTES) {
      payload.resume(); // drained, not kept: the client hears the 413 without a reset connection
      done(new ApiError(413, mediaTooLarge(declared)), undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    payload.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > MEDIA_MAX_BYTES) {
        failed = true;
        chunks.length = 0;
        done(new ApiError(413, mediaTooLarge(null)), undefined);
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => {
      if (!failed) done(null, Buffer.concat(chunks, size));
    });
    payload.on('error', (err) => {
      if (!failed) done(err, undefined);
      failed = true;
    });
  });
}

export async function adminMediaRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  await app.register(async (scope) => {
    readImageBody(scope);
    scope.post<{ Querystring: MediaQueryT }>(
      '/media',
      {
        bodyLimit: MEDIA_MAX_BYTES,
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
      async (req) => {
        const op = operatorOf(req);
        const { purpose, dimension } = req.query;
        if (dimension && purpose !== 'banner') throw new ApiError(400, 'dimension is for purpose=banner only.');
        const body = req.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw new ApiError(415, NOT_A_FILE);
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
        return { success: true, message: 'Image uploaded.', data: { url, width: record.width, height: record.height } };
      },
    );
  });
}
