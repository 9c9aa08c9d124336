import type { Queryable } from '../connect';

// Small editorial lists shared by every tenant.
export interface FeatureCard { icon: string; title: string; description: string }
export interface DealsInfo { title: string; description: string }

export const listFeatureCards = (db: Queryable): Promise<FeatureCard[]> =>
  db.query<FeatureCard>('SELECT icon, title, description FROM feature_cards ORDER BY position');

export const listDealsInfo = (db: Queryable): Promise<DealsInfo[]> =>
  db.query<DealsInfo>('SELECT title, description FROM deals_info ORDER BY position');
