export * from './event-hash-chain';
export * from './audit-signing-key';
export * from './stream-heads';
export * from './stream-heads-digest.recorder';
export * from './event-log-verifier';
export * from './event-log-inspector';
