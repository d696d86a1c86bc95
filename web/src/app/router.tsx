import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { accountRequired } from '../features/account';
import { accountUnauthorized } from '../shared/api';
import { accountApi } from '../shared/session';
import { lazyPage } from '../shared/ui/lazy-page';
import { refreshLogin } from './access';
import { BareFrame, LandingFrame, RootFrame, ShellFrame } from './layout/frames';
import { StaffFrame } from './layout/StaffFrame';
import { PageSpinner } from './layout/PageSpinner';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { ROUTES, type AppRoute, type Frame } from './routes';
import type { AppListener, AppStore } from './store';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The router over the route table. Login-required routes refresh the account before they open; still logged out,
 * the navigation is refused (the visitor stays where they were, or lands on / when they typed the address) and
 * 'Account required' opens.
 */
export function createAppRouter(store: AppStore, listener: AppListener): AppRouter {
  // Loaders run after the router exists; they reach it through this holder.
  const created: { router?: AppRouter } = {};
  const NotFoundPage = lazyPage(() => import('./pages/NotFoundPage'));

  const requireAccount =
    (route: AppRoute) =>
    async ({ request }: LoaderFunctionArgs) => {
      if (await refreshLogin(store.dispatch)) return null;
      store.dispatch(accountRequired({ pageLabel: route.nav?.label ?? route.title }));
      const from = created.router?.state.initialized ? created.router.state.location : null;
      const target = new URL(request.url).pathname;
      return redirect(from && from.pathname !== target ? `${from.pathname}${from.search}` : '/');
    };

  const toRouteObject = (route: AppRoute): RouteObject => {
    const Page = lazyPage(route.load);
    return {
      path: route.path,
      element: <Page />,
      errorElement: <RouteErrorPage />,
      ...(route.access === 'public' ? {} : { loader: requireAccount(route) }),
    };
  };
  const inFrame = (frame: Frame) => ROUTES.filter((route) => route.frame === frame).map(toRouteObject);

  const router = createBrowserRouter([
    {
      element: <RootFrame />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        { element: <LandingFrame />, children: inFrame('landing') },
        {
          element: <ShellFrame />,
          children: [
            ...inFrame('shell'),
            { path: '*', element: <NotFoundPage />, errorElement: <RouteErrorPage /> },
          ],
        },
        { element: <BareFrame />, children: inFrame('bare') },
        { element: <StaffFrame />, children: inFrame('staff') },
      ],
    },
  ]);

  // A 401 on an account-bound call: the session is over. Forget the account and go to /.
  listener.startListening({
    actionCreator: accountUnauthorized,
    effect: async () => {
      store.dispatch(accountApi.util.upsertQueryData('getAccount', undefined, null));
      await router.navigate('/');
    },
  });
  created.router = router;
  return router;
}
