import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from './schema-kit';

// Issue 29, the layout studio: the console's /api/admin/layouts/… calls. Documents are kept as their JSON text (what
// an operator saved is what `layouts:export` writes, byte for byte); a publication replaces the whole published set
// in one transaction and is a numbered version the studio can diff against and roll back to.

/** 'home/x.json': a document's kind folder and file name, as under layouts/. */
export const LAYOUT_PATH_PATTERN = '^(home|header|footer|email)/[a-z0-9][a-z0-9-]*\\.json$';
export const LayoutPath = Type.String({
  pattern: LAYOUT_PATH_PATTERN,
  maxLength: 120,
  description: 'e.g. home/x.json',
});
export type LayoutPath = Static<typeof LayoutPath>;

/** A document's JSON text (a layout document is a few KB; the console's body limit is 1 MB). */
const DocumentText = Type.String({ minLength: 1, maxLength: 200_000 });

/** One problem, as `layouts:check` prints it: the file, the JSON pointer in it, the message. */
export const StudioProblem = Type.Object({
  file: Type.String(),
  pointer: Type.String(),
  message: Type.String(),
});
export type StudioProblem = Static<typeof StudioProblem>;

/** Where the served documents come from: the database (the studio publishes) or LAYOUTS_DIR (it can only draft). */
export const LayoutSourceName = StringEnum(['db', 'files'] as const);

/** A document in the studio's list. */
export const StudioDocument = Type.Object({
  path: LayoutPath,
  kind: StringEnum(['home', 'header', 'footer', 'email'] as const),
  /** The document's title ('' when its text has none or does not parse). */
  title: Type.String(),
  /** In the published set (or, before the first publication, in LAYOUTS_DIR). */
  published: Type.Boolean(),
  /** An unpublished draft exists: who saved it last, and when (ISO 8601). */
  draft: Type.Union([Type.Object({ updated_at: Type.String(), updated_by: Type.String() }), Type.Null()]),
});
export type StudioDocument = Static<typeof StudioDocument>;

/** One publication of the whole set: its number, who made it, how, when. */
export const LayoutVersion = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  action: StringEnum(['publish', 'rollback', 'import', 'remove'] as const),
  author: Type.String(),
  note: Type.String(),
  created_at: Type.String(),
  /** The documents this version changed from the one before it (added, edited or removed). */
  changed: Type.Array(LayoutPath),
});
export type LayoutVersion = Static<typeof LayoutVersion>;

export const StudioOverview = Type.Object({
  success: Type.Boolean(),
  data: Type.Object({
    source: LayoutSourceName,
    /** The version in force (0: nothing published from the console yet; the set is LAYOUTS_DIR's). */
    version: Type.Integer({ minimum: 0 }),
    documents: Type.Array(StudioDocument),
    /** Newest first, at most 50. */
    versions: Type.Array(LayoutVersion),
  }),
});
export type StudioOverview = Static<typeof StudioOverview>;

/** Path parameters of one document: /layouts/:kind/:file. */
export const LayoutDocumentParams = Type.Object({
  kind: StringEnum(['home', 'header', 'footer', 'email'] as const),
  file: Type.String({ pattern: '^[a-z0-9][a-z0-9-]*\\.json$', maxLength: 100 }),
});
export type LayoutDocumentParams = Static<typeof LayoutDocumentParams>;

/** One document: its draft, its published text, and the versions that changed it (newest first). */
export const StudioDocumentAnswer = Type.Object({
  success: Type.Boolean(),
  data: Type.Object({
    path: LayoutPath,
    draft: Type.Union([
      Type.Object({ body: Type.String(), updated_at: Type.String(), updated_by: Type.String() }),
      Type.Null(),
    ]),
    published: Type.Union([Type.Object({ body: Type.String() }), Type.Null()]),
    versions: Type.Array(LayoutVersion),
  }),
});
export type StudioDocumentAnswer = Static<typeof StudioDocumentAnswer>;

/** A document's text at one version (null: it was not in that version's set). */
export const DocumentAtVersionParams = Type.Object({
  kind: LayoutDocumentParams.properties.kind,
  file: LayoutDocumentParams.properties.file,
  version: Type.Integer({ minimum: 1 }),
});
export type DocumentAtVersionParams = Static<typeof DocumentAtVersionParams>;
export const DocumentAtVersionAnswer = Type.Object({
  success: Type.Boolean(),
  data: Type.Object({ path: LayoutPath, version: Type.Integer(), body: Type.Union([Type.String(), Type.Null()]) }),
});
export type DocumentAtVersionAnswer = Static<typeof DocumentAtVersionAnswer>;

/** Saving a draft (any text: a draft may be invalid; its problems come back). */
export const DraftSave = Type.Object({ body: DocumentText }, { additionalProperties: false });
export type DraftSave = Static<typeof DraftSave>;
export const DraftSaved = Type.Object({
  success: Type.Boolean(),
  data: Type.Object({ updated_at: Type.String(), problems: Type.Array(StudioProblem) }),
});
export type DraftSaved = Static<typeof DraftSaved>;

/** The server's full check of a text as `path` within the published set (the checks of layouts:check). */
export const LayoutCheckRequest = Type.Object(
  { path: LayoutPath, body: DocumentText },
  { additionalProperties: false },
);
export type LayoutCheckRequest = Static<typeof LayoutCheckRequest>;
export const LayoutCheckAnswer = Type.Object({
  success: Type.Boolean(),
  data: Type.Object({ problems: Type.Array(StudioProblem) }),
});
export type LayoutCheckAnswer = Static<typeof LayoutCheckAnswer>;

/** Publishing one document's text (its draft is dropped once published); 422 with the problems when it is not valid. */
export const PublishRequest = Type.Object(
  { body: DocumentText, note: Type.Optional(Type.String({ maxLength: 500 })) },
  { additionalProperties: false },
);
export type PublishRequest = Static<typeof PublishRequest>;
/** Restoring the whole set as it was at `version`, as a new version. */
export const RollbackRequest = Type.Object(
  { version: Type.Integer({ minimum: 1 }), note: Type.Optional(Type.String({ maxLength: 500 })) },
  { additionalProperties: false },
);
export type RollbackRequest = Static<typeof RollbackRequest>;
export const PublishAnswer = Type.Object({
  success: Type.Boolean(),
  message: Type.Optional(Type.String()),
  data: Type.Object({ version: Type.Integer({ minimum: 1 }) }),
});
export type PublishAnswer = Static<typeof PublishAnswer>;
/** A refused publication: 422 and every problem, in layouts:check's words. */
export const PublishRefused = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  problems: Type.Array(StudioProblem),
});
export type PublishRefused = Static<typeof PublishRefused>;
