import { createHash } from 'node:crypto';
import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { MEDIA_MAX_PIXELS, type MediaPurpose } from '../../shared/contract/media';
import type { BannerDimension } from '../../shared/contract/values';
import { fitInto, mediaBox, type Size } from '../../shared/console/media-box';
import type { MediaFormat } from '../../shared/rules/media-path';
import { ApiError } from '../lib/api-error';
import { sniffImage, type SniffedType } from './sniff';

// Issue 26: an upload made into what the pages and mails use, once: decoded under a pixel limit (a small file that
// unpacks to gigabytes is refused from its header), turned upright, scaled into the box its page reserves and padded
// to that box's ratio (src/shared/console/media-box.ts), written as WebP (pages) and PNG (mail, favicons). Metadata
// (EXIF, GPS) is dropped: sharp writes none unless asked.

// sharp (libvips, some 20 MB resident) is loaded on the first upload or mail image, not at start: most processes
// never draw an image, and the import's memory budget (issue 24) has no room for it.
let loading: Promise<(input: Buffer, options?: SharpOptions) => Sharp> | undefined;
function loadSharp() {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // No libvips operation cache (each upload is new) and one thread: the machine's cores belong to the pages.
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}

export interface ProcessedImage {
  /** The first 32 hex digits of the PNG rendition's sha256: the file's name. */
  hash: string;
  size: Size;
  sourceType: SniffedType;
  renditions: Record<MediaFormat, Buffer>;
}

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };
const OPTIONS = { limitInputPixels: MEDIA_MAX_PIXELS, failOn: 'error', animated: false } as const;

export const NOT_AN_IMAGE = 'This file is not an image the site can use: upload a PNG, JPEG, WebP, AVIF or GIF file.';
export const NO_SVG =
  'SVG files are not accepted (an SVG can carry scripts): export the image as PNG or WebP and upload that.';

function refuseType(type: SniffedType | null): asserts type is Exclude<SniffedType, 'svg'> {
  if (type === 'svg') throw new ApiError(415, NO_SVG);
  if (type === null) throw new ApiError(415, NOT_AN_IMAGE);
}

async function readSize(bytes: Buffer): Promise<Size> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // The header only (no pixels are decoded here): its size is checked below, with the limit in the answer.
    meta = await sharp(bytes, { ...OPTIONS, limitInputPixels: false }).metadata();
  } catch {
    throw new ApiError(415, NOT_AN_IMAGE);
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new ApiError(415, NOT_AN_IMAGE);
  if (width * height > MEDIA_MAX_PIXELS)
    throw new ApiError(
      413,
      `The image is ${width} × ${height} pixels; images may have at most ${MEDIA_MAX_PIXELS / 1_000_000} million pixels.`,
    );
  return { width, height };
}

export async function processImage(
  bytes: Buffer,
  purpose: MediaPurpose,
  dimension?: BannerDimension,
): Promise<ProcessedImage> {
  const sourceType = sniffImage(bytes);
  refuseType(sourceType);
  const { image, canvas } = fitInto(await readSize(bytes), mediaBox(purpose, dimension));
  const left = Math.floor((canvas.width - image.width) / 2);
  const top = Math.floor((canvas.height - image.height) / 2);
  const sharp = await loadSharp();
  const drawn = sharp(bytes, OPTIONS)
    .timeout({ seconds: 20 })
    .autoOrient()
    .resize(image.width, image.height, { fit: 'fill' })
    .ensureAlpha()
    .extend({
      left,
      top,
      right: canvas.width - image.width - left,
      bottom: canvas.height - image.height - top,
      background: TRANSPARENT,
    });
  let png: Buffer;
  let webp: Buffer;
  try {
    png = await drawn.clone().png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
    webp = await drawn.clone().webp({ quality: 85, alphaQuality: 90 }).toBuffer();
  } catch (err) {
    // A file whose header reads but whose pixels do not (truncated, corrupt): the sender's fault, not ours.
    const message = err instanceof Error ? err.message : '';
    if (/pixel limit/i.test(message)) throw new ApiError(413, `The image has more than ${MEDIA_MAX_PIXELS} pixels.`);
    throw new ApiError(415, NOT_AN_IMAGE);
  }
  const hash = createHash('sha256').update(png).digest('hex').slice(0, 32);
  return { hash, size: canvas, sourceType, renditions: { png, webp } };
}

/** A PNG of one of the server's own SVG drawings (the demo's images), for mail clients that show no SVG. */
export async function rasterise(svg: string | Buffer): Promise<Buffer> {
  // Twice the drawing's own size: crisp on high-density screens, where mail is mostly read.
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg), { density: 144 }).png({ compressionLevel: 9 }).toBuffer();
}
