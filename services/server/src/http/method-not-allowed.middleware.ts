import type { Application, NextFunction, Request, Response } from 'express';

interface RouteLayer {
  readonly route?: { readonly methods: Record<string, boolean> };
  match(path: string): boolean;
}

/**
 * A known path asked with a method it does not serve answers 405 with `Allow` (RFC 9110 §15.5.6), not 404: one
 * rule for every controller, read from Express's own route table, so it cannot drift from the routes. Paths no
 * route serves, and paths outside `serverPaths` (the web client, the simulator), pass on untouched.
 */
export function methodNotAllowed(
  app: Application,
  serverPaths: readonly string[],
): (request: Request, response: Response, next: NextFunction) => void {
  let routes: RouteLayer[] | undefined;
  const routeLayers = (): RouteLayer[] => {
    // Read at the first request: Nest registers its routes after this middleware.
    routes ??= ((app as unknown as { router: { stack: RouteLayer[] } }).router.stack ?? []).filter(
      (layer) => layer.route !== undefined,
    );
    return routes;
  };
  const served = (path: string): boolean =>
    serverPaths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

  return (request, response, next) => {
    if (!served(request.path)) return next();
    const allowed = new Set<string>();
    for (const layer of routeLayers()) {
      if (!layer.match(request.path)) continue;
      for (const [method, serves] of Object.entries(layer.route!.methods)) {
        if (serves && method !== '_all') allowed.add(method.toUpperCase());
      }
    }
    if (allowed.has('GET')) allowed.add('HEAD');
    if (allowed.size === 0 || allowed.has(request.method)) return next();
    const allow = [...allowed].sort().join(', ');
    response.setHeader('Allow', allow);
    response.status(405).json({
      statusCode: 405,
      error: 'Method Not Allowed',
      message: `${request.path} does not answer ${request.method}; it answers ${allow}.`,
    });
  };
}
