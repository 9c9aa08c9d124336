import { lazy, Suspense, useMemo, type ElementType } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation } from 'react-router-dom';
import { bootstrapAtom } from '../lib/bootstrap-atom';
import type { ResolvedLayout } from '../lib/bootstrap';
import { servedDocument } from './served-document';
import { Checked, type SlotKind } from './layout-checked';
import type { SectionContext } from './types';

// The operator's preview (its ?layout= reading and the validators it loads) is its own chunk: shoppers never download it.
const PreviewedSlot = lazy(() => import('./previewed-layout').then((m) => ({ default: m.PreviewedSlot })));

interface Props {
  kind: SlotKind;
  /** A home_page value whose home document to show instead of the tenant's (/home2 … /home4). */
  variant?: string;
  element: ElementType;
  className: string;
  label?: string;
}

/** One layout slot of the page: the document the server resolved for this tenant, or the operator's preview. */
export function LayoutSlot({ kind, variant, element: Element, className, label }: Props) {
  const bootstrap = useAtomValue(bootstrapAtom);
  const { search } = useLocation();
  const served: ResolvedLayout | null | undefined =
    kind === 'home' && variant
      ? (bootstrap.homeVariants?.[variant] ?? bootstrap.layouts?.home)
      : bootstrap.layouts?.[kind];
  const previewKind = kind === 'mobileFooter' ? 'footer' : kind;
  const checkedServed = useMemo(() => (served ? servedDocument(served) : null), [served]);
  const context: SectionContext = {
    host: bootstrap.host,
    assetBase: bootstrap.config.assetBase,
    preview: bootstrap.config.preview,
  };

  // Only a page the server drew as a preview (the operator's grant): anyone else's ?layout= is the published page.
  const body = context.preview ? (
    <Suspense fallback={checkedServed ? <Checked checked={checkedServed} context={context} /> : null}>
      <PreviewedSlot search={search} kind={previewKind} slot={kind} fallback={checkedServed} context={context} />
    </Suspense>
  ) : checkedServed ? (
    <Checked checked={checkedServed} context={context} />
  ) : null;
  if (!body) return null;
  return (
    <Element className={className} aria-label={label}>
      {body}
    </Element>
  );
}
