export * from './account/account.decider';
export * from './account/account-write.module';
export * from './account/change-account.handler';
export * from './account/account-queries';
export * from './account/account-sync-records';
export * from './accounts.module';
export * from './grants/character-grants';
export * from './grants/sync-grant-store';
export * from './login/character-roles.port';
export * from './login/login-sso';
export { AFTER_ADD_CHARACTER_PATH } from './login/login.service';
export { LOGIN_ATTEMPTS_PER_WINDOW, LOGIN_WINDOW_MS } from './login/login-rate-limiter';
export * from './session/session-cookies';
export { CookieSessionAuthenticator } from './session/session.authenticator';
export * from './session/session.store';
export * from './in-game/in-game.ports';
export { asHttpError, AccountRuleHttpException } from './account/account-errors';
export * from './billing/subscription.scheduler';
export * from './billing/deposits/character-deposits.decider';
export * from './billing/deposits/change-character-deposits.handler';
export * from './billing/deposits/deposit-settlement';
export * from './grants/service-character-grant';
export {
  SERVICE_CHARACTER_LOGIN_PATH,
  ServiceCharacterLogin,
  type ServiceCharacterLoginOptions,
} from './login/service-character-login';
export { DiscordWebhooks } from './market-orders/discord-webhooks';
export { MarketOrderRecorder } from './market-orders/market-order-recorder';
export { MarketOrderSyncRecords } from './market-orders/market-order-sync-records';
export { CharacterActions } from './in-game/character-actions';
