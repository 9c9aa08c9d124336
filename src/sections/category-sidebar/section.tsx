import { useAtomValue } from 'jotai';
import type { QueryObserverResult } from '@tanstack/query-core';
import type { CategoryCount } from '../../shared/contract/entities';
import type { CategorySidebarSettings } from '../../shared/layout/types';
import { defineSection, type SectionProps } from '../../client/engine/types';
import { CategoryList } from '../../client/components/stores/category-list';
import { categoriesAtom } from '../../client/api/categories';

/** category-sidebar: the renderer puts it in the sidebar column when its placement says so, else in the main column. */
function CategorySidebarSection({
  settings,
  data,
}: SectionProps<CategorySidebarSettings, QueryObserverResult<CategoryCount[]>>) {
  const result = useAtomValue(data!);
  return <CategoryList settings={settings} result={result} />;
}

export default defineSection('category-sidebar', {
  component: CategorySidebarSection,
  data: (_s, ctx) => categoriesAtom(ctx.host),
});
