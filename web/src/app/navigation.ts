import {
  LOGGED_IN_ONLY_GROUPS,
  NAV_GROUPS,
  ROUTES,
  type Access,
  type AppRoute,
  type NavGroupName,
} from './routes';

export interface NavItem {
  readonly path: string;
  readonly label: string;
  readonly access: Access;
}

export interface NavGroup {
  readonly name: NavGroupName;
  readonly items: readonly NavItem[];
}

/** The navigation groups a user sees: every group, but SETTINGS only when logged in. */
export function navigationGroups(loggedIn: boolean, routes: readonly AppRoute[] = ROUTES): NavGroup[] {
  return NAV_GROUPS.filter((name) => loggedIn || !LOGGED_IN_ONLY_GROUPS.includes(name))
    .map((name) => ({
      name,
      items: routes
        .filter((route) => route.nav?.group === name)
        .map((route) => ({ path: route.path, label: route.nav!.label, access: route.access })),
    }))
    .filter((group) => group.items.length > 0);
}

/** The navigation entry a location belongs to: the longest entry path that is a prefix of it (/market/34 -> /market). */
export function activeNavPath(pathname: string, groups: readonly NavGroup[]): string | null {
  const paths = groups.flatMap((group) => group.items.map((item) => item.path));
  const matches = paths.filter((path) => pathname === path || pathname.startsWith(`${path}/`));
  return matches.sort((a, b) => b.length - a.length)[0] ?? null;
}

/** The route entry for a path of the table, e.g. to name a protected page in the 'Account required' modal. */
export function routeFor(path: string, routes: readonly AppRoute[] = ROUTES): AppRoute | undefined {
  return routes.find((route) => route.path === path);
}
