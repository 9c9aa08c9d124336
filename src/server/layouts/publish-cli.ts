import { layoutsImport } from './import-cli';

// `npm run layouts:publish`: the old name of layouts:import (import-cli.ts), kept for scripts and habits; the version
// it makes is recorded as an import.
await layoutsImport('layouts:publish');
