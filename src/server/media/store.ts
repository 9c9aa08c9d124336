import type { Queryable } from '../db/connect';
import type { MediaPurpose } from '../../shared/contract/media';
import type { MediaFormat } from '../../shared/rules/media-path';
import type { ProcessedImage } from './process';

// Uploaded images in the database every instance reads (docs/decisions/028-media-storage.md): one row per image, one
// per rendition. Named by content, so a second upload of the same picture for the same place changes nothing.

export interface MediaRecord {
  hash: string;
  purpose: MediaPurpose;
  width: number;
  height: number;
  source_type: string;
  source_bytes: number;
}

export async function saveMedia(
  db: Queryable,
  image: ProcessedImage,
  o: { purpose: MediaPurpose; sourceBytes: number; uploadedBy: string },
): Promise<MediaRecord> {
  await db.query(
    `INSERT INTO media (hash, purpose, width, height, source_type, source_bytes, uploaded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (hash) DO NOTHING`,
    [image.hash, o.purpose, image.size.width, image.size.height, image.sourceType, o.sourceBytes, o.uploadedBy],
  );
  for (const [format, body] of Object.entries(image.renditions))
    await db.query(
      'INSERT INTO media_renditions (hash, format, body) VALUES ($1, $2, $3) ON CONFLICT (hash, format) DO NOTHING',
      [image.hash, format, body],
    );
  const rows = await db.query<MediaRecord>(
    'SELECT hash, purpose, width, height, source_type, source_bytes FROM media WHERE hash = $1',
    [image.hash],
  );
  return rows[0]!;
}

/** A rendition's bytes when the image exists at exactly this size, else null. */
export async function readRendition(
  db: Queryable,
  file: { hash: string; width: number; height: number; format: MediaFormat },
): Promise<Buffer | null> {
  const rows = await db.query<{ body: Uint8Array }>(
    `SELECT r.body FROM media_renditions r JOIN media m ON m.hash = r.hash
     WHERE r.hash = $1 AND r.format = $2 AND m.width = $3 AND m.height = $4`,
    [file.hash, file.format, file.width, file.height],
  );
  const body = rows[0]?.body;
  return body ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : null;
}
