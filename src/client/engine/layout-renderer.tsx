import { Suspense, use, useMemo, type ComponentType, type ReactNode } from 'react';
import type { Atom } from 'jotai';
import type { CheckedDocument, CheckedSection } from './check-document';
import type { SectionContext, SectionEntry, SectionProps, SectionRegistry } from './types';
import { SectionBoundary } from './section-boundary';
import { Diagnostic } from './diagnostic';
import { reportProblem } from './report';
import { ABOVE_FOLD_SECTIONS, AboveFoldContext } from './above-fold';

interface Props {
  checked: CheckedDocument;
  registry: SectionRegistry;
  context: SectionContext;
  /** Element that wraps the sections (a header, footer or main landmark is the caller's choice). */
  className?: string;
}

/** Renders a checked layout document: sections in order, each in its own boundary; skips and reports what it cannot draw. */
export function LayoutRenderer({ checked, registry, context, className }: Props) {
  const main: ReactNode[] = [];
  const sidebar: ReactNode[] = [];
  for (const section of checked.sections) {
    const target = section.placement === 'sidebar' ? sidebar : main;
    const node = (
      <RenderedSection
        key={`${section.index}-${section.id}`}
        file={checked.file}
        section={section}
        registry={registry}
        context={context}
      />
    );
    // The first sections of a document are the first viewport: their images load eagerly (no lazy-load delay on LCP).
    target.push(
      target.length < ABOVE_FOLD_SECTIONS ? (
        <AboveFoldContext.Provider key={`${section.index}-${section.id}`} value>
          {node}
        </AboveFoldContext.Provider>
      ) : (
        node
      ),
    );
  }
  const problems =
    context.preview && checked.problems.length > 0 ? (
      <Diagnostic file={checked.file} problems={checked.problems} />
    ) : null;
  if (sidebar.length === 0) {
    return (
      <div className={className} data-layout={checked.file}>
        {problems}
        {main}
      </div>
    );
  }
  return (
    <div className={`${className ?? ''} layout-with-sidebar`} data-layout={checked.file}>
      {problems}
      <aside className="layout-sidebar">{sidebar}</aside>
      <div className="layout-main">{main}</div>
    </div>
  );
}

function RenderedSection({
  file,
  section,
  registry,
  context,
}: {
  file: string;
  section: CheckedSection;
  registry: SectionRegistry;
  context: SectionContext;
}) {
  const pointer = `/sections/${section.index}`;
  // A type named by a document is a string from data: never a prototype key.
  const entry = Object.hasOwn(registry, section.type) ? registry[section.type] : undefined;
  const problems =
    section.problems.length > 0 || entry
      ? section.problems
      : [{ pointer: `${pointer}/type`, message: `no component is registered for section type "${section.type}"` }];
  if (problems.length > 0) {
    for (const p of problems) reportProblem({ file, ...p });
    return context.preview ? <Diagnostic file={file} problems={problems} /> : null;
  }
  return (
    <SectionBoundary file={file} pointer={pointer} type={section.type} preview={context.preview}>
      <section
        className={`section section-${section.type}`}
        data-section-id={section.id}
        data-section-type={section.type}
      >
        {/* Section modules load on demand (the first page's before it is drawn); a placeholder holds while one loads. */}
        <Suspense fallback={<div className="section-pending" aria-busy="true" />}>
          <SectionBody section={section} entry={entry!} context={context} />
        </Suspense>
      </section>
    </SectionBoundary>
  );
}

/** What the engine calls: settings are whatever the section type's validator passed, so they are that type's settings. */
type Drawable = {
  component: ComponentType<SectionProps<unknown, unknown>>;
  data?: (settings: unknown, context: SectionContext) => Atom<unknown>;
};

function SectionBody({
  section,
  entry,
  context,
}: {
  section: CheckedSection;
  entry: SectionEntry;
  context: SectionContext;
}) {
  // `use` suspends until the module has loaded (the boundary above shows a failed load, with Try again).
  const definition = (entry.loaded() ?? use(entry.load())) as Drawable;
  const settingsKey = JSON.stringify(section.settings);
  // One data atom per section and settings: same settings, same query key, same cache entry.
  const data = useMemo(
    () => (definition.data ? definition.data(section.settings, context) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- settingsKey stands for section.settings
    [definition, settingsKey, context.host, context.assetBase],
  );
  const Component = definition.component;
  return <Component id={section.id} settings={section.settings} data={data} context={context} />;
}
