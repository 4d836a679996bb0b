// A small path router: patterns like /v7/tests/:testType/:testId, first match wins, so
// literal routes are declared before parameter routes that would shadow them.
import type { DemoUser, GroupWorld } from '../world/model';
import { methodNotAllowed } from './errors';

export interface RequestContext {
  method: string;
  /** Path without the `.json` suffix. */
  path: string;
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  user: DemoUser;
  aid: number;
  group: GroupWorld;
  /** Absolute base URL for links (no trailing slash). */
  baseUrl: string;
  nowSeconds: number;
  rawBody: string;
  contentType: string | undefined;
}

export interface RouteResult {
  status?: number;
  body: unknown;
  /** Extra answer headers (e.g. the instant-test budget of v7 instant tests). */
  headers?: Record<string, string>;
  /** A JSON media type other than the dialect's default. */
  contentType?: string;
}
export type Handler = (ctx: RequestContext) => RouteResult | Promise<RouteResult>;
export type MethodHandlers = Partial<Record<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', Handler>>;

export interface Route {
  pattern: string;
  methods: MethodHandlers;
  /** Its POST may come with neither body, Content-Type nor Origin (see checkBrowserSafety). */
  bareEmptyPost?: boolean;
}

interface CompiledRoute {
  segments: string[];
  methods: MethodHandlers;
  bareEmptyPost: boolean;
}

export interface RouteMatch {
  handler: Handler;
  params: Record<string, string>;
  bareEmptyPost: boolean;
}

export class Router {
  private readonly routes: CompiledRoute[];

  constructor(routes: readonly Route[]) {
    this.routes = routes.map((r) => ({
      segments: r.pattern.split('/').filter(Boolean),
      methods: r.methods,
      bareEmptyPost: r.bareEmptyPost ?? false,
    }));
  }

  /** The handler for method+path; undefined when no pattern matches; throws 405 on a wrong method. */
  match(method: string, segments: readonly string[], path: string): RouteMatch | undefined {
    for (const route of this.routes) {
      const params = matchSegments(route.segments, segments);
      if (!params) continue;
      const handler = route.methods[method as keyof MethodHandlers];
      if (!handler) throw methodNotAllowed(method, path, Object.keys(route.methods));
      return { handler, params, bareEmptyPost: route.bareEmptyPost };
    }
    return undefined;
  }
}

function matchSegments(pattern: readonly string[], actual: readonly string[]): Record<string, string> | undefined {
  if (pattern.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i += 1) {
    const expected = pattern[i] as string;
    const segment = actual[i] as string;
    if (expected.startsWith(':')) params[expected.slice(1)] = segment;
    else if (expected !== segment) return undefined;
  }
  return params;
}
