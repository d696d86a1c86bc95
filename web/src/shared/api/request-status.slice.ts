import { createSlice } from '@reduxjs/toolkit';

export interface RequestStatusState {
  /** Requests running now: drives the header spinner. */
  readonly inFlight: number;
  /** True for a second after a 420 on a UI request (spec: the UI lock). */
  readonly uiRateLimited: boolean;
  /** The 'Too fast!' dialog. */
  readonly tooFastOpen: boolean;
  /** Counts timed-out requests, so each one shows 'Request timed out'. */
  readonly timeouts: number;
}

const initialState: RequestStatusState = {
  inFlight: 0,
  uiRateLimited: false,
  tooFastOpen: false,
  timeouts: 0,
};

export const requestStatusSlice = createSlice({
  name: 'requestStatus',
  initialState,
  reducers: {
    requestStarted: (state) => ({ ...state, inFlight: state.inFlight + 1 }),
    requestFinished: (state) => ({ ...state, inFlight: Math.max(0, state.inFlight - 1) }),
    requestTimedOut: (state) => ({ ...state, timeouts: state.timeouts + 1 }),
    uiRateLimited: (state) => ({ ...state, uiRateLimited: true, tooFastOpen: true }),
    uiRateLimitReleased: (state) => ({ ...state, uiRateLimited: false }),
    tooFastClosed: (state) => ({ ...state, tooFastOpen: false }),
  },
  selectors: {
    selectRequestsRunning: (state) => state.inFlight > 0,
    selectUiRateLimited: (state) => state.uiRateLimited,
    selectTooFastOpen: (state) => state.tooFastOpen,
    selectTimeouts: (state) => state.timeouts,
  },
});

export const {
  requestStarted,
  requestFinished,
  requestTimedOut,
  uiRateLimited,
  uiRateLimitReleased,
  tooFastClosed,
} = requestStatusSlice.actions;
export const { selectRequestsRunning, selectUiRateLimited, selectTooFastOpen, selectTimeouts } =
  requestStatusSlice.selectors;
