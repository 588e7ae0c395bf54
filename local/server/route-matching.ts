/**
 * Local runtime (API Gateway emulation): which route of src/config/routes.ts a method and path name, with its path
 * parameters, as API Gateway's resource tree matches them.
 */
import { routes, type RouteDefinition } from '../../src/config/routes';

interface CompiledRoute {
  route: RouteDefinition;
  pattern: RegExp;
  paramNames: string[];
}

/** `/vendors/{id}` -> /^\/vendors\/([^/]+)$/ with param names ['id']. */
export function compileRoute(route: RouteDefinition): CompiledRoute {
  const paramNames: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param) {
        paramNames.push(param[1]);
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), paramNames };
}

const compiledRoutes = routes.map(compileRoute);

const decode = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** The route for a method and path, with its path parameters; undefined answers 404. */
export function matchRoute(method: string, path: string): { route: RouteDefinition; pathParameters: Record<string, string> } | undefined {
  // API Gateway ignores one trailing slash on a resource path.
  const normalized = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  for (const compiled of compiledRoutes) {
    if (compiled.route.method !== method) continue;
    const match = compiled.pattern.exec(normalized);
    if (match) {
      const pathParameters = Object.fromEntries(compiled.paramNames.map((name, i) => [name, decode(match[i + 1])]));
      return { route: compiled.route, pathParameters };
    }
  }
  return undefined;
}
