export { baseApi, type BaseApiState } from './base-api';
export { isAccountBound } from './base-query';
export { accountUnauthorized } from './session-events';
export {
  requestStatusSlice,
  selectRequestsRunning,
  selectTimeouts,
  selectTooFastOpen,
  selectUiRateLimited,
  tooFastClosed,
  type RequestStatusState,
} from './request-status.slice';
export { tradewiseApi } from './generated/tradewise-api';
export type * from './generated/tradewise-api';
