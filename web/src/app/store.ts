import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { accountRequiredSlice } from '../features/account';
import { newsSeenSlice } from '../features/news';
import { baseApi, requestStatusSlice } from '../shared/api';

export function createAppStore() {
  const listener = createListenerMiddleware();
  const store = configureStore({
    reducer: {
      [baseApi.reducerPath]: baseApi.reducer,
      [requestStatusSlice.reducerPath]: requestStatusSlice.reducer,
      [accountRequiredSlice.reducerPath]: accountRequiredSlice.reducer,
      [newsSeenSlice.reducerPath]: newsSeenSlice.reducer,
    },
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().prepend(listener.middleware).concat(baseApi.middleware),
  });
  return { store, listener };
}

export type AppStore = ReturnType<typeof createAppStore>['store'];
export type AppListener = ReturnType<typeof createAppStore>['listener'];
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
