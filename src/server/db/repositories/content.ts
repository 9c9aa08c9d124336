import type { DealsInfo, FeatureCard } from '../../../shared/contract/entities';
import type { Queryable } from '../connect';

// Small editorial lists shared by every tenant.

export const listFeatureCards = (db: Queryable): Promise<FeatureCard[]> =>
  db.query<FeatureCard>('SELECT icon, title, description FROM feature_cards ORDER BY position');

export const listDealsInfo = (db: Queryable): Promise<DealsInfo[]> =>
  db.query<DealsInfo>('SELECT title, description FROM deals_info ORDER BY position');
