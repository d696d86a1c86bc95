import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { useMemo } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { useMediaQuery } from '../shared/hooks/use-media-query';
import { createAppRouter } from './router';
import { createAppStore } from './store';
import { appTheme } from './theme';

const { store, listener } = createAppStore();
const router = createAppRouter(store, listener);

export function App() {
  // Users who ask their system for less motion get dialogs, drawers and banners without animation.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const theme = useMemo(
    () => ({ ...appTheme, token: { ...appTheme.token, motion: !reducedMotion } }),
    [reducedMotion],
  );
  return (
    <Provider store={store}>
      <ConfigProvider theme={theme} locale={enUS}>
        <RouterProvider router={router} />
      </ConfigProvider>
    </Provider>
  );
}
