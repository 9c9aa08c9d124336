// Compile-time tests (checked by `npm run typecheck`): a section module pairs its type with a component written for
// that type's settings, from the contract. Each @ts-expect-error fails the typecheck if the line below it compiles.
import type { Atom } from 'jotai';
import { defineSection, type SectionProps } from '../../src/client/engine/types';
import type { SectionSettingsByType } from '../../src/shared/layout/types';

declare function DealGrid(props: SectionProps<SectionSettingsByType['deal-grid'], unknown>): null;
declare function feed(limit: number): Atom<never>;
declare function ScrollToTop(props: SectionProps<SectionSettingsByType['scroll-to-top'], never>): null;

export const right = defineSection('deal-grid', { component: DealGrid });

export const wrongComponent = defineSection('scroll-to-top', {
  // @ts-expect-error a deal-grid component cannot draw scroll-to-top settings
  component: DealGrid,
});

export const wrongData = defineSection('scroll-to-top', {
  component: ScrollToTop,
  // @ts-expect-error the data factory reads settings the type does not have
  data: (settings) => feed(settings.fetchLimit),
});

// @ts-expect-error a type the contract does not declare
export const unknownType = defineSection('coupon-ticker', { component: ScrollToTop });
