import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from './schema-kit';
import { BANNER_DIMENSIONS } from './values';

// Issue 26: images operators upload (POST /api/admin/media?purpose=…, the raw file as the body). The answer's url is
// the value to store in the existing image fields (logo, favicon, a store's image, a banner's image): a path relative
// to the asset base (/assets/), as every stored image path is (SPEC §3), so nothing else in the data model changes.

export const MEDIA_PURPOSES = ['logo', 'favicon', 'store', 'banner'] as const;
export type MediaPurpose = (typeof MEDIA_PURPOSES)[number];

/** The largest file accepted (bytes); larger answers 413 with mediaTooLarge's words. */
export const MEDIA_MAX_BYTES = 8 * 1024 * 1024;
/** The most pixels a file may decode to (a small file that unpacks to gigabytes is refused before it is decoded). */
export const MEDIA_MAX_PIXELS = 40_000_000;
/** The file types accepted, as a file picker's `accept`. */
export const MEDIA_ACCEPT = 'image/png,image/jpeg,image/webp,image/avif,image/gif';

/** The 413's words: the file's size when it is known (Content-Length, or the file picked), and the limit. */
export const mediaTooLarge = (bytes: number | null): string =>
  `${bytes === null ? 'The file is too large' : `The file is ${(bytes / 1024 / 1024).toFixed(1)} MB`}: images may be ` +
  `at most ${MEDIA_MAX_BYTES / 1024 / 1024} MB.`;

export const MediaQuery = Type.Object(
  {
    purpose: StringEnum(MEDIA_PURPOSES, { description: 'Where the image is shown: it is sized for that place' }),
    dimension: Type.Optional(
      StringEnum(BANNER_DIMENSIONS, { description: "purpose=banner: the banner's size, e.g. '728 * 90'" }),
    ),
  },
  { additionalProperties: false },
);
export type MediaQuery = Static<typeof MediaQuery>;

export const MediaUploaded = Type.Object({
  success: Type.Boolean(),
  message: Type.Optional(Type.String()),
  data: Type.Object({
    url: Type.String({
      description: "Store this in the image field, e.g. 'media/<hash>-520x112.webp' (under /assets/)",
    }),
    width: Type.Integer(),
    height: Type.Integer(),
  }),
});
export type MediaUploaded = Static<typeof MediaUploaded>;
