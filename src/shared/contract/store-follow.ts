import { Type, type Static } from '@sinclair/typebox';

// "Follow this store" (issue 14): an email asks for alerts about a store's new coupons; double opt-in as the newsletter.
export const FollowStoreRequest = Type.Object(
  {
    email_id: Type.String({ maxLength: 320 }),
    store_id: Type.String({ minLength: 1, maxLength: 100 }),
  },
  { additionalProperties: false },
);
export type FollowStoreRequest = Static<typeof FollowStoreRequest>;
