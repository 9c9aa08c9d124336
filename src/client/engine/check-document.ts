import { sectionKinds, sectionTypes, sectionValidators, validateDocument } from 'virtual:layout-validators';
import { crossFieldProblems } from '../../shared/layout/cross-field';
import { schemaErrorsToIssues } from '../../shared/layout/schema-errors';
import { isKnownType, missingSectionTypeMessage, unknownSectionTypeMessage } from '../../shared/layout/section-types';
import type { LayoutEnvelope, LayoutIssue, Placement } from '../../shared/layout/types';

export interface CheckedSection {
  index: number;
  id: string;
  type: string;
  placement: Placement;
  /** Settings with their schema defaults filled in (when valid). */
  settings: unknown;
  problems: LayoutIssue[];
}

export interface CheckedDocument {
  file: string;
  /** False when the envelope itself is broken: the caller falls back to the default document. */
  usable: boolean;
  kind: string | null;
  /** Problems of the document as a whole (not of one section). */
  problems: LayoutIssue[];
  sections: CheckedSection[];
}

const sectionPointer = /^\/sections\/(\d+)(?:\/|$)/;

/**
 * Lenient browser check with the precompiled validators: a broken envelope makes the document unusable;
 * a section with an unknown type or invalid settings is marked with its problems and skipped by the renderer.
 */
export function checkDocument(raw: unknown, file: string): CheckedDocument {
  const doc = structuredClone(raw); // validators fill defaults in place; the input stays as given
  if (!validateDocument(doc)) {
    return {
      file,
      usable: false,
      kind: null,
      problems: schemaErrorsToIssues(validateDocument.errors, sectionTypes, doc),
      sections: [],
    };
  }
  const envelope = doc as LayoutEnvelope;
  const perSection = new Map<number, LayoutIssue[]>();
  const documentProblems: LayoutIssue[] = [];
  for (const issue of crossFieldProblems(envelope, sectionKinds)) {
    const match = sectionPointer.exec(issue.pointer);
    if (match) perSection.set(Number(match[1]), [...(perSection.get(Number(match[1])) ?? []), issue]);
    else documentProblems.push(issue);
  }
  const sections = envelope.sections.map((section, index): CheckedSection => {
    const pointer = `/sections/${index}`;
    const problems = [...(perSection.get(index) ?? [])];
    if (!section.type)
      problems.unshift({ pointer: `${pointer}/type`, message: missingSectionTypeMessage(sectionTypes) });
    else if (!isKnownType(sectionValidators, section.type))
      problems.unshift({ pointer: `${pointer}/type`, message: unknownSectionTypeMessage(section.type, sectionTypes) });
    else {
      const validate = sectionValidators[section.type];
      // The validator checks the whole section (id, type, placement, settings) and fills the settings' defaults.
      if (validate && !validate(section)) {
        const issues = schemaErrorsToIssues(validate.errors, sectionTypes, section).map((i) => ({
          ...i,
          pointer: `${pointer}${i.pointer}`,
        }));
        problems.unshift(...issues);
      }
    }
    return {
      index,
      id: section.id,
      type: section.type,
      placement: section.placement ?? 'main',
      settings: section.settings,
      problems,
    };
  });
  return { file, usable: true, kind: envelope.kind, problems: documentProblems, sections };
}
