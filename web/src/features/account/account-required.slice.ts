import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface AccountRequiredState {
  readonly open: boolean;
  /** The protected page the visitor tried to open. */
  readonly pageLabel: string | null;
}

const initialState: AccountRequiredState = { open: false, pageLabel: null };

/** The 'Account required' modal, opened when a visitor reaches for a page that needs login. */
export const accountRequiredSlice = createSlice({
  name: 'accountRequired',
  initialState,
  reducers: {
    accountRequired: (_state, action: PayloadAction<{ pageLabel: string | null }>) => ({
      open: true,
      pageLabel: action.payload.pageLabel,
    }),
    accountRequiredClosed: (state) => ({ ...state, open: false }),
  },
  selectors: {
    selectAccountRequired: (state) => state,
  },
});

export const { accountRequired, accountRequiredClosed } = accountRequiredSlice.actions;
export const { selectAccountRequired } = accountRequiredSlice.selectors;
