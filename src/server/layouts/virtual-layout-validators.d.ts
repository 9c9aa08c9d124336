// Types of the module served by layoutValidatorsPlugin() (validators-plugin.ts); ambient, so client code type-checks.
declare module 'virtual:layout-validators' {
  /** Same shape as ajv's ErrorObject (and SchemaError in src/shared/layout/schema-errors.ts). */
  export interface StandaloneError {
    instancePath: string;
    schemaPath: string;
    keyword: string;
    params: Record<string, unknown>;
    message?: string;
  }

  /** A precompiled validator: true when valid; fills in schema defaults in place; errors of the last call. */
  export interface StandaloneValidate {
    (data: unknown): boolean;
    errors?: StandaloneError[] | null;
  }

  /** The layout document envelope (layout-envelope.schema.json): sections checked for id, type, placement and an object settings. */
  export const validateDocument: StandaloneValidate;
  /** One validator per section type, for a whole section ({id, type, placement?, settings}); keys are section types. */
  export const sectionValidators: Readonly<Record<string, StandaloneValidate>>;
  /** Domain data (domain-data.schema.json). */
  export const validateDomainData: StandaloneValidate;
  /** Section types with a validator, sorted. */
  export const sectionTypes: readonly string[];
  /** Section type → the document kinds it may be used in (SECTIONS: the folders of src/sections/). */
  export const sectionKinds: Readonly<Record<string, readonly import('../../shared/contract/values').LayoutKind[]>>;
}
