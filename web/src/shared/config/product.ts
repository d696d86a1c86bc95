/** Product facts shown in the frame. Change them here: nothing else in the client hard-codes them. */
export const PRODUCT_NAME = 'Tradewise';

/** Referral code for new EVE Online accounts (the footer's referral-code note). */
export const REFERRAL_CODE = 'TRADEWISE';
export const REFERRAL_SIGNUP_URL = 'https://www.eveonline.com/signup';

export const PATRON_URL = 'https://www.patreon.com/tradewise';
export const CONTACT_EMAIL = 'support@tradewise.app';
export const SUPPORT_CHARACTER = 'Tradewise Support';
export const IN_GAME_CHANNEL = 'Tradewise';

/** The game's public image service: /{category}/{id}/{variant}?size={size}. */
export const IMAGE_SERVER_URL = 'https://images.evetech.net';
