import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { STORAGE_KEYS } from '../../shared/config/constants';
import { readStored } from '../../shared/storage/local-storage';
import { NEWS } from './news.data';
import { hasUnseenNews, latestNewsTime, parseLastSeen } from './news';

export interface NewsSeenState {
  /** Epoch ms of the newest entry seen on /updates; null if never opened. */
  readonly lastSeen: number | null;
}

export const newsSeenSlice = createSlice({
  name: 'newsSeen',
  initialState: (): NewsSeenState => ({ lastSeen: parseLastSeen(readStored(STORAGE_KEYS.newsLastSeen)) }),
  reducers: {
    newsSeen: (state, action: PayloadAction<number>) => ({
      lastSeen: Math.max(state.lastSeen ?? 0, action.payload),
    }),
  },
  selectors: {
    selectHasUnseenNews: (state) => hasUnseenNews(latestNewsTime(NEWS), state.lastSeen),
  },
});

export const { newsSeen } = newsSeenSlice.actions;
export const { selectHasUnseenNews } = newsSeenSlice.selectors;
