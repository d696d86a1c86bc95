export { HeaderBanner } from './HeaderBanner';
export { headerBanner, BANNER_TEXTS, type Banner, type BannerKind } from './banner-priority';
