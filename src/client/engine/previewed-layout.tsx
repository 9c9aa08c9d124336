import { useAtomValue } from 'jotai';
import type { CheckedDocument } from './check-document';
import { Diagnostic } from './diagnostic';
import { Checked, type SlotKind } from './layout-checked';
import { previewDocumentAtom, readPreviewRequest, type PreviewRequest } from './preview';
import type { SectionContext } from './types';
import type { LayoutKind } from '../../shared/contract/values';

/**
 * A page the server drew as the operator's preview (their grant): the `?layout=…` document of this slot's kind, read
 * here (this chunk loads only for previews, so the shop's first load carries none of it); else the served document.
 */
export function PreviewedSlot({
  search,
  kind,
  ...rest
}: {
  search: string;
  kind: LayoutKind;
  slot: SlotKind;
  fallback: CheckedDocument | null;
  context: SectionContext;
}) {
  const request = readPreviewRequest(search);
  if (!request || request.kind !== kind)
    return rest.fallback ? <Checked checked={rest.fallback} context={rest.context} /> : null;
  return <PreviewedLayout request={request} {...rest} context={{ ...rest.context, preview: true }} />;
}

/** `?layout=…`: the raw document checked in the browser; an unusable one falls back to the served document, with the reason. */
export function PreviewedLayout({
  request,
  slot,
  fallback,
  context,
}: {
  request: PreviewRequest;
  slot: SlotKind;
  fallback: CheckedDocument | null;
  context: SectionContext;
}) {
  const result = useAtomValue(previewDocumentAtom(request.path, request.grant));
  const file = `layouts/${request.path}`;
  const served = fallback ? <Checked checked={fallback} context={{ ...context, preview: false }} /> : null;
  if (result.isPending) return served;
  if (result.isError) {
    return (
      <>
        <Diagnostic file={file} problems={[{ pointer: '', message: result.error.message }]} />
        {served}
      </>
    );
  }
  const { checked, slot: docSlot } = result.data;
  // A footer preview targets the main or the mobile footer according to the document's own slot.
  if (request.kind === 'footer' && (docSlot === 'mobile') !== (slot === 'mobileFooter')) return served;
  if (!checked.usable) {
    // An unusable document falls back to what the tenant normally gets, with the reason shown to the operator.
    return (
      <>
        <Diagnostic file={file} problems={checked.problems} />
        {served}
      </>
    );
  }
  return (
    <div className="layout-preview" data-preview={file}>
      <Checked checked={checked} context={context} />
    </div>
  );
}
