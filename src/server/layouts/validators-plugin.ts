import path from 'node:path';
import type { Plugin } from 'vite';
import { generateValidatorsModule } from './generate-validators';
import { DEFAULT_SCHEMAS_DIR, readSchemaFiles } from './schemas';

// Serves 'virtual:layout-validators' (precompiled at build/dev time) so no ajv compiler or eval reaches the browser.

export const VIRTUAL_ID = 'virtual:layout-validators';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

export function layoutValidatorsPlugin(options: { schemasDir?: string } = {}): Plugin {
  let schemasDir = options.schemasDir ?? DEFAULT_SCHEMAS_DIR;
  return {
    name: 'dealdeck-layout-validators',
    configResolved(config) {
      if (!options.schemasDir) schemasDir = path.resolve(config.root, 'schemas');
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      // A schema edit invalidates the module in dev and rebuilds it in watch mode.
      for (const { file } of readSchemaFiles(schemasDir)) this.addWatchFile(file);
      return generateValidatorsModule(schemasDir);
    },
  };
}
