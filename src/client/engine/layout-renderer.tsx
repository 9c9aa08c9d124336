import { Suspense, useMemo, type ReactNode } from 'react';
import type { CheckedDocument, CheckedSection } from './check-document';
import type { SectionContext, SectionRegistry } from './types';
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
    const node = <RenderedSection key={`${section.index}-${section.id}`} file={checked.file} section={section} registry={registry} context={context} />;
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
  const problems = context.preview && checked.problems.length > 0 ? <Diagnostic file={checked.file} problems={checked.problems} /> : null;
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

function RenderedSection({ file, section, registry, context }: { file: string; section: CheckedSection; registry: SectionRegistry; context: SectionContext }) {
  const pointer = `/sections/${section.index}`;
  const definition = registry[section.type];
  const problems = section.problems.length > 0 || definition ? section.problems : [{ pointer: `${pointer}/type`, message: `no component is registered for section type "${section.type}"` }];
  if (problems.length > 0) {
    for (const p of problems) reportProblem({ file, ...p });
    return context.preview ? <Diagnostic file={file} problems={problems} /> : null;
  }
  return (
    <SectionBoundary file={file} pointer={pointer} type={section.type} preview={context.preview}>
      <SectionHost section={section} definition={definition!} context={context} />
    </SectionBoundary>
  );
}

function SectionHost({ section, definition, context }: { section: CheckedSection; definition: NonNullable<SectionRegistry[string]>; context: SectionContext }) {
  const settingsKey = JSON.stringify(section.settings);
  // One data atom per section and settings: same settings, same query key, same cache entry.
  const data = useMemo(
    () => (definition.data ? definition.data(section.settings as never, context) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- settingsKey stands for section.settings
    [definition, settingsKey, context.host, context.assetBase],
  );
  const Component = definition.component;
  return (
    <section className={`section section-${section.type}`} data-section-id={section.id} data-section-type={section.type} style={definition.minHeight ? { minHeight: definition.minHeight } : undefined}>
      {/* Section modules load on demand (preloaded for the first page); the reserved height holds while one loads. */}
      <Suspense fallback={<div className="section-pending" aria-busy="true" />}>
        <Component id={section.id} settings={section.settings as never} data={data} context={context} />
      </Suspense>
    </section>
  );
}
