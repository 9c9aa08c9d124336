import type { Banner } from '../../../shared/contract/entities';
import type { BannerDimension, BannerKind } from '../../../shared/contract/values';
import type { Queryable } from '../connect';

// Banners belong to a tenant: 'ad' banners (ad slots) and 'recommend' banners (inside deal grids). A paused banner
// (issue 15) is shown nowhere.

export async function listBanners(
  db: Queryable,
  domainId: string,
  f: { kind?: BannerKind | undefined; dimension?: BannerDimension | undefined },
): Promise<Banner[]> {
  const params: unknown[] = [domainId];
  let sql = `SELECT id AS "_id", banner_dimension, kind, image_upload, image_url, redirect_url, store_id
             FROM banners WHERE domain_id = $1 AND NOT is_paused`;
  if (f.kind) {
    params.push(f.kind);
    sql += ` AND kind = $${params.length}`;
  }
  if (f.dimension) {
    params.push(f.dimension);
    sql += ` AND banner_dimension = $${params.length}`;
  }
  return db.query<Banner>(`${sql} ORDER BY kind, banner_dimension, position, id LIMIT 200`, params);
}
