import type { ResolvedLayout } from '../lib/bootstrap';
import type { CheckedDocument } from './check-document';

/**
 * A document the server resolved for this tenant: it was validated there with the same schemas (defaults filled,
 * faulty sections dropped), so the browser does not ship the validators for it; the registry check still happens at render.
 */
export function servedDocument({ file, doc }: ResolvedLayout): CheckedDocument {
  return {
    file,
    usable: true,
    kind: doc.kind,
    problems: [],
    sections: doc.sections.map((section, index) => ({
      index,
      id: section.id,
      type: section.type,
      placement: section.placement ?? 'main',
      settings: section.settings,
      problems: [],
    })),
  };
}
