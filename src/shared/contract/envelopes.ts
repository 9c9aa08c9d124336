import { Type, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox';
import { Banner, CategoryCount, Coupon, CouponUrl, Store, StoreRating, TopVisitedStore, VoteTally } from './entities';
import { QueryInteger } from './schema-kit';
import { MAX_PAGE, MAX_PER_PAGE } from './values';

// SPEC §7 answers: `{ success, message?, data }`, with list paging (total_records / total_pages / page / per_page) or
// search paging (totalRecords / total_pages / per_page / page). Property order is the order the API writes.

const Success = Type.Boolean();

/** `{ success, message?, data }`: the envelope of every answer with data. */
export const Answer = <T extends TSchema>(data: T) =>
  Type.Object({ success: Success, message: Type.Optional(Type.String()), data });
export type Answer<T> = Static<ReturnType<typeof Answer<TUnsafe<T>>>>;

/** Coupon and store lists: the page asked for with total_records / total_pages. */
export const ListPage = <T extends TSchema>(data: T) =>
  Type.Object({
    success: Success,
    message: Type.Optional(Type.String()),
    data,
    total_records: Type.Integer(),
    total_pages: Type.Integer(),
    page: Type.Integer(),
    per_page: Type.Integer(),
  });

/** Searches: totalRecords / total_pages / per_page / page. */
export const SearchPage = <T extends TSchema>(items: T) =>
  Type.Object({
    success: Success,
    message: Type.Optional(Type.String()),
    data: Type.Array(items),
    totalRecords: Type.Integer(),
    total_pages: Type.Integer(),
    per_page: Type.Integer(),
    page: Type.Integer(),
  });
export type SearchPage<T> = Static<ReturnType<typeof SearchPage<TUnsafe<T>>>>;

/** Every 4xx/5xx answer. */
export const ErrorAnswer = Type.Object({
  success: Success,
  message: Type.String(),
  errorMessage: Type.Optional(Type.String()),
});
export type ErrorAnswer = Static<typeof ErrorAnswer>;

/** An answer without data (newsletter, search recording, logout); the contact form's adds errorMessage. */
export const MessageAnswer = Type.Object({ success: Success, message: Type.Optional(Type.String()) });
export type MessageAnswer = Static<typeof MessageAnswer>;
export const SendMailAnswer = Type.Object({
  success: Success,
  message: Type.Optional(Type.String()),
  errorMessage: Type.Optional(Type.String()),
});
export type SendMailAnswer = Static<typeof SendMailAnswer>;

/** ?page=&per_page= of every paged list. */
export const PagingQuery = Type.Object({
  page: QueryInteger({ minimum: 1, maximum: MAX_PAGE, default: 1 }),
  per_page: QueryInteger({ minimum: 1, maximum: MAX_PER_PAGE, default: 20 }),
});
export type PagingQuery = Static<typeof PagingQuery>;

export const CouponPage = ListPage(Type.Array(Coupon));
export type CouponPage = Static<typeof CouponPage>;
export const StorePage = ListPage(Type.Array(Store));
export type StorePage = Static<typeof StorePage>;
/** The store page: one store, a page of its coupons (active before expired) and related stores. */
export const StoreWithCoupons = ListPage(
  Type.Object({ store: Store, coupons: Type.Array(Coupon), related_stores: Type.Array(Store) }),
);
export type StoreWithCoupons = Static<typeof StoreWithCoupons>;

export const CouponSearchPage = SearchPage(Coupon);
export const StoreSearchPage = SearchPage(Store);

export const CouponAnswer = Answer(Coupon);
export const StoreList = Answer(Type.Array(Store));
export const TopVisitedList = Answer(Type.Array(TopVisitedStore));
export const BannerList = Answer(Type.Array(Banner));
export const CategoryCounts = Answer(Type.Array(CategoryCount));
export const StoreRatingAnswer = Answer(StoreRating);
export const CouponUrlAnswer = Answer(CouponUrl);
/** POST /api/end-user/coupon/vote: the coupon's pooled tally after the vote. */
export const VoteAnswer = Answer(VoteTally);
export type VoteAnswer = Static<typeof VoteAnswer>;
