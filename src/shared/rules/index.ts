// Pure SPEC layout rules, one module each; client and server import them from here.
export { cut } from './cut';
export { insertBanners, validBannerPositions } from './insert-banners';
export type { GridCell } from './insert-banners';
export { gridSize, nextExpanded } from './grid-size';
export { bannerLink } from './banner-link';
export { httpUrl } from './http-url';
export { cssColour, CSS_COLOUR_PATTERN } from './css-colour';
export { hasWebScheme } from './url-scheme';
export { plainText, singleLine } from './form-text';
export { isObjectId, OBJECT_ID_PATTERN } from './object-id';
export type { BannerLink } from './banner-link';
export { revealLink } from './reveal-link';
export { isExpired } from './expiry';
export { fillMonthYear, looksLikeHtml } from './month-year';
export { filterCategories } from './category-filter';
export { isValidEmail } from './email';
export {
  passwordProblem,
  passwordMessage,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  type PasswordProblem,
} from './password';
export { extractErrorMessage, DEFAULT_ERROR_MESSAGE } from './error-message';
export { imageUrl } from './image-url';
export { slugLabel } from './slug-label';
export { revealNewTabPath } from './reveal-path';
export { countdown } from './countdown';
export type { Countdown } from './countdown';
export { formatExpiry, expiryFirst10 } from './expiry-format';
export { commonStores } from './common-stores';
export { displayVisitCount } from './visit-count';
export { countText } from './count-text';
export { parseDate } from './parse-date';
export { pageWindow } from './page-window';
export { hashString, mulberry32, type Rng } from './prng';
export { successRate, isReportedNotWorking, isVerified, MIN_RATED_VOTES, MIN_REPORT_VOTES } from './verification';
export { hasOfferCode, isFreeShipping, isOfferType } from './offer-type';
export { parseOfferParams, offerQuery, offerParamsKey, DEFAULT_OFFER_PARAMS, type OfferParams } from './offer-params';
export {
  tallyText,
  timeAgo,
  verificationText,
  verificationTone,
  compactVerificationText,
  type VerificationText,
  type VerificationTone,
  type VoteCounts,
} from './verification-text';
export { looksAutomated, type RequestTraits } from './automated';
export { mailImagePath, mediaPath, mediaSize, parseMediaFile, MEDIA_FILE, type MediaFormat } from './media-path';
