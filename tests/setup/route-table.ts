import type { FastifyInstance } from 'fastify';

/** One route of the app's table: a method and its path with `:params`. */
export interface Route {
  method: string;
  url: string;
}

/** Reads `app.printRoutes({ commonPrefix: false })`: each tree line is a path segment and its methods. */
export function parseRouteTree(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method) routes.push({ method, url: path });
    }
  }
  return routes;
}

/** Every route of a ready app, each method once: tests generated from it cover routes added later too. */
export function routesOf(app: FastifyInstance): Route[] {
  const all = parseRouteTree(app.printRoutes({ commonPrefix: false }));
  return [...new Map(all.map((route) => [`${route.method} ${route.url}`, route])).values()];
}
