import { Type } from '@sinclair/typebox';
import { common, Settings } from '../../shared/contract/layout-common';
import { declareSection } from '../../shared/contract/sections/declare';

// The document kinds this section type fits and its settings, with their defaults and description;
// `npm run schemas:write` writes schemas/sections/<folder name>.schema.json from them.
export default declareSection({
  kinds: ['email'],
  settings: Settings(
    {
      heading: common('text', { default: 'Newly added stores' }),
      count: Type.Integer({ minimum: 1, maximum: 24, default: 6 }),
      nameCut: common('cut', { default: 25 }),
      ellipsis: common('ellipsis', { default: '...' }),
    },
    {
      description:
        "The tenant's newest published stores (not archived or paused), count of them, each name cut to nameCut and linking to /store/{slug} on the tenant's site.",
    },
  ),
});
