import { sectionRegistry } from './registry-holder';
import type { CheckedDocument } from './check-document';
import { LayoutRenderer } from './layout-renderer';
import { Diagnostic } from './diagnostic';
import { reportProblem } from './report';
import type { SectionContext } from './types';
import type { LayoutKind } from '../../shared/contract/values';

// Shared by layout-slot and the lazy previewed-layout, so neither imports the other.

// Email documents (the digest) are drawn by the server only.
export type SlotKind = Exclude<LayoutKind, 'email'> | 'mobileFooter';

export function Checked({ checked, context }: { checked: CheckedDocument; context: SectionContext }) {
  if (!checked.usable) {
    for (const p of checked.problems) reportProblem({ file: checked.file, ...p });
    return context.preview ? <Diagnostic file={checked.file} problems={checked.problems} /> : null;
  }
  return <LayoutRenderer checked={checked} registry={sectionRegistry()} context={context} />;
}
