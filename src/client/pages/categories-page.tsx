import { useAtomValue } from 'jotai';
import { categoriesAtom } from '../api/categories';
import { bootstrapAtom } from '../lib/bootstrap-atom';
import { usePageTitle } from '../app/effects';
import { Breadcrumbs } from '../features/store/breadcrumbs';
import { CategoriesDirectory } from '../features/store/categories-directory';
import { pageSettings } from '../config/page-settings';
import '../features/store/category-pages.css';

/** /categories: every category of the tenant with its coupon count and a live filter. */
export function CategoriesPage() {
  const host = useAtomValue(bootstrapAtom).host;
  const result = useAtomValue(categoriesAtom(host));
  usePageTitle('All categories');
  const list = result.isSuccess ? (result.data ?? []) : [];
  const coupons = list.reduce((sum, c) => sum + (Number.isFinite(c.count) ? c.count : 0), 0);
  return (
    <div className="page categories-page">
      <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Categories' }]} />
      <header className="category-page-header">
        <h1>All categories</h1>
        <p className="muted category-page-summary">
          {result.isSuccess
            ? `${list.length} ${list.length === 1 ? 'category' : 'categories'} · ${coupons} coupons`
            : '\u00a0'}
        </p>
      </header>
      <CategoriesDirectory result={result} skeletonTiles={pageSettings.categoriesSkeletonTiles} />
    </div>
  );
}
