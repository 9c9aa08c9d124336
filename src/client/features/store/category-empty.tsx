import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { categoriesAtom } from '../../api/categories';
import { categoryHref } from './category-path';

/** An unknown or empty category: say so, and point at the biggest categories and the full list. */
export function CategoryEmpty({
  host,
  category,
  suggestions,
}: {
  host: string;
  category: string;
  suggestions: number;
}) {
  const result = useAtomValue(categoriesAtom(host));
  const wanted = category.toLowerCase();
  const others = result.isSuccess
    ? [...(result.data ?? [])]
        .filter((c) => c.count > 0 && c.category.toLowerCase() !== wanted)
        .sort((a, b) => b.count - a.count)
        .slice(0, suggestions)
    : [];
  return (
    <div className="category-empty">
      <h2 className="coupon-group-title">No coupons in “{category}” right now</h2>
      <p className="muted">This category has no live offers. These categories have plenty:</p>
      {others.length > 0 && (
        <ul className="category-chips">
          {others.map((c) => (
            <li key={c.category}>
              <Link className="category-chip" to={categoryHref(c.category)}>
                {c.category} <span className="category-chip-count">{c.count}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p className="category-empty-actions">
        <Link className="btn btn-primary" to="/categories">
          Browse all categories
        </Link>
        <Link className="btn btn-secondary" to="/coupons">
          See all deals
        </Link>
      </p>
    </div>
  );
}
