export * from './eve-sso.errors';
export * from './eve-sso.config';
export * from './eve-sso.client';
export * from './access-token.verifier';
export * from './token.cipher';
export * from './token-encryption-key.loader';
export { codeChallengeFor, randomUrlSafeToken } from './pkce';
