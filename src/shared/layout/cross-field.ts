import { scheduleInstant } from './schedule';
import type { LayoutDocumentOf, LayoutIssue, LayoutSchedule, LooseSection } from './types';
import { isKnownType, type SectionKinds } from './section-types';

// Rules JSON Schema cannot state (sums, lengths of sibling arrays, uniqueness by field, per-kind types).
// Run after schema validation with defaults applied; a value of the wrong shape skips its rule (the schema reports it).

type Settings = Readonly<Record<string, unknown>>;

function int(settings: unknown, key: string): number | undefined {
  if (typeof settings !== 'object' || settings === null) return undefined;
  const value = (settings as Settings)[key];
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

function list(settings: unknown, key: string): readonly unknown[] {
  if (typeof settings !== 'object' || settings === null) return [];
  const value = (settings as Settings)[key];
  return Array.isArray(value) ? value : [];
}

function child(settings: unknown, key: string): unknown {
  return typeof settings === 'object' && settings !== null ? (settings as Settings)[key] : undefined;
}

/** offset + count must fit in what the section fetched; `at` points at the object holding the three fields. */
function sliceInsideFetch(slice: unknown, fetchLimit: number | undefined, at: string): LayoutIssue[] {
  const offset = int(slice, 'offset') ?? 0;
  const count = int(slice, 'count');
  if (fetchLimit === undefined || count === undefined || offset + count <= fetchLimit) return [];
  return [
    {
      pointer: `${at}/count`,
      message: `offset ${offset} + count ${count} = ${offset + count} is more than fetchLimit ${fetchLimit}`,
    },
  ];
}

function storeListRules(stores: unknown, at: string): LayoutIssue[] {
  return sliceInsideFetch(stores, int(stores, 'fetchLimit'), at);
}

function dealGridRules(settings: Settings, at: string): LayoutIssue[] {
  const expanded = int(settings, 'expanded');
  const positions = list(settings, 'bannerPositions');
  if (expanded === undefined) return [];
  // insertBanners places a banner only when a card follows it, so the last usable position is expanded + banners - 1.
  const last = expanded + positions.length - 1;
  return positions.flatMap((position, i) =>
    typeof position === 'number' && position > last
      ? [
          {
            pointer: `${at}/bannerPositions/${i}`,
            message: `banner position ${position} is outside the grid: ${expanded} cards + ${positions.length} banners, and a banner needs a card after it, so positions go up to ${last}`,
          },
        ]
      : [],
  );
}

function recommendedDealsRules(settings: Settings, at: string): LayoutIssue[] {
  const fetchLimit = int(settings, 'fetchLimit');
  return list(settings, 'grids').flatMap((grid, i) => sliceInsideFetch(grid, fetchLimit, `${at}/grids/${i}`));
}

function storeTabsRules(settings: Settings, at: string): LayoutIssue[] {
  const initialTab = int(settings, 'initialTab');
  const tabs = list(settings, 'tabs').length;
  if (initialTab === undefined || tabs === 0 || initialTab <= tabs) return [];
  return [{ pointer: `${at}/initialTab`, message: `tab ${initialTab} does not exist: there are ${tabs} tabs` }];
}

/** Cross-field problems of one section; `pointer` is where the section sits, e.g. '/sections/2' ('' for a lone section). */
export function sectionCrossFieldProblems(section: LooseSection, pointer: string): LayoutIssue[] {
  const settings = section.settings;
  const at = `${pointer}/settings`;
  switch (section.type) {
    case 'deal-grid':
      return dealGridRules(settings, at);
    case 'store-strip':
    case 'store-grid':
      return storeListRules(settings, at);
    case 'stores-newsletter-row':
      return storeListRules(child(settings, 'stores'), `${at}/stores`);
    case 'recommended-deals':
      return recommendedDealsRules(settings, at);
    case 'store-tabs':
      return storeTabsRules(settings, at);
    default:
      return [];
  }
}

/** Each bound must be a real date-time, and from before until (compared in UTC when both are read the same way). */
function scheduleRules(schedule: LayoutSchedule | undefined): LayoutIssue[] {
  if (!schedule) return [];
  const issues: LayoutIssue[] = [];
  for (const bound of ['from', 'until'] as const) {
    const text = schedule[bound];
    if (text !== undefined && scheduleInstant(text) === null)
      issues.push({ pointer: `/schedule/${bound}`, message: `"${text}" is not a real date and time` });
  }
  if (schedule.from === undefined && schedule.until === undefined)
    issues.push({ pointer: '/schedule', message: 'a schedule needs from, until or both' });
  const from = schedule.from === undefined ? null : scheduleInstant(schedule.from);
  const until = schedule.until === undefined ? null : scheduleInstant(schedule.until);
  const zoned = (text: string | undefined) => text !== undefined && /(Z|[+-]\d{2}:\d{2})$/.test(text);
  const comparable = zoned(schedule.from) === zoned(schedule.until);
  if (from !== null && until !== null && comparable && from >= until)
    issues.push({
      pointer: '/schedule/until',
      message: `until (${schedule.until}) must be after from (${schedule.from})`,
    });
  return issues;
}

function documentRules(doc: LayoutDocumentOf<LooseSection>, kinds: SectionKinds): LayoutIssue[] {
  const issues: LayoutIssue[] = [];
  if (doc.serves.includes('*') && doc.serves.length > 1) {
    issues.push({ pointer: '/serves', message: '"*" (the default) must be the only entry of serves' });
  }
  if (doc.serves.length === 0 && (doc.tenants ?? []).length === 0) {
    issues.push({ pointer: '/serves', message: 'serves must name a home_page value or "*" (or give tenants)' });
  }
  issues.push(...scheduleRules(doc.schedule));
  if (doc.slot === 'mobile' && doc.kind !== 'footer') {
    issues.push({ pointer: '/slot', message: 'slot "mobile" is for footer documents only' });
  }
  const firstIndexOfId = new Map<string, number>();
  doc.sections.forEach((section, i) => {
    const first = firstIndexOfId.get(section.id);
    if (first === undefined) firstIndexOfId.set(section.id, i);
    else
      issues.push({
        pointer: `/sections/${i}/id`,
        message: `duplicate section id "${section.id}" (also /sections/${first}/id)`,
      });
    const allowedKinds = isKnownType(kinds, section.type) ? kinds[section.type] : undefined;
    if (allowedKinds && !allowedKinds.includes(doc.kind)) {
      const allowed = allowedKinds.join(', ');
      issues.push({
        pointer: `/sections/${i}/type`,
        message: `section type "${section.type}" cannot be used in ${/^[aeiou]/.test(doc.kind) ? 'an' : 'a'} ${doc.kind} document (allowed in: ${allowed})`,
      });
    }
    if (section.placement === 'sidebar' && doc.kind !== 'home') {
      issues.push({ pointer: `/sections/${i}/placement`, message: '"sidebar" placement is for home documents only' });
    }
  });
  return issues;
}

/**
 * Every cross-field problem of a document whose envelope is valid: document rules, then each section's rules.
 * `kinds` says which document kinds each section type may be used in (unknown types are left to the schema).
 */
export function crossFieldProblems(doc: LayoutDocumentOf<LooseSection>, kinds: SectionKinds): LayoutIssue[] {
  return [
    ...documentRules(doc, kinds),
    ...doc.sections.flatMap((section, i) => sectionCrossFieldProblems(section, `/sections/${i}`)),
  ];
}
