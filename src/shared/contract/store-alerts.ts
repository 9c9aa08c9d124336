import { Type, type Static } from '@sinclair/typebox';

// Issue 26: the store alerts due (a coupon shoppers can now see, for each confirmed follower of its store not yet
// mailed about it) and "Send pending store alerts now": GET and POST /api/admin/store-alerts, the console's Alerts tab.

export const PendingStoreAlerts = Type.Object(
  {
    alerts: Type.Integer({ minimum: 0, description: 'Coupons due, counted once per follower' }),
    addresses: Type.Integer({ minimum: 0, description: 'The addresses (per tenant) they go to' }),
    mailed_today: Type.Integer({
      minimum: 0,
      description: "Of those, the addresses that had today's alert: the schedule mails them tomorrow",
    }),
  },
  { additionalProperties: false },
);
export type PendingStoreAlerts = Static<typeof PendingStoreAlerts>;

export const PendingStoreAlertsAnswer = Type.Object(
  { success: Type.Literal(true), data: PendingStoreAlerts },
  { additionalProperties: false },
);
export type PendingStoreAlertsAnswer = Static<typeof PendingStoreAlertsAnswer>;

export const SentStoreAlerts = Type.Object(
  {
    mails: Type.Integer({ minimum: 0, description: 'Mails queued, one per address and tenant' }),
    alerts: Type.Integer({ minimum: 0, description: 'Coupons they tell of, counted once per follower' }),
    pending: PendingStoreAlerts,
  },
  { additionalProperties: false },
);
export type SentStoreAlerts = Static<typeof SentStoreAlerts>;

export const SentStoreAlertsAnswer = Type.Object(
  { success: Type.Literal(true), data: SentStoreAlerts },
  { additionalProperties: false },
);
export type SentStoreAlertsAnswer = Static<typeof SentStoreAlertsAnswer>;
