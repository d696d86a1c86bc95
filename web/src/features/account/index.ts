export { AccountRequiredModal } from './AccountRequiredModal';
export { AccountSessionEffects } from './AccountSessionEffects';
export { LoginButton } from './LoginButton';
export { LoginPrompt } from './LoginPrompt';
export { UserSummary } from './UserSummary';
export { accountRequired, accountRequiredClosed, accountRequiredSlice } from './account-required.slice';
export { accountPollDelay, esiUpdateLabel, nextEsiUpdate } from './esi-update';
