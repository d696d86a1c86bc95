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

/**
 * The in-game corporation that receives deposits (the Subscription page's instructions). No API names the
 * configured corporation (`PRODUCT_CORPORATION_ID`); this is the bundled simulator's, as the server's deposit sync
 * reads it. Change it here when the product runs against the real game with another corporation.
 */
export const PRODUCT_CORPORATION_NAME = 'Tradewise Ledger Services';
