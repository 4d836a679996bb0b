// One request from socket to answer: faults, format, auth, rate limit, route,
// account group, body, handler, rendering. Every failure becomes the dialect's error body
// ({"errorMessage": "..."} in v6, problem+json in v7; see http/dialect.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FaultRule } from './api';
import { CONTROL_PREFIX } from './api';
import { identify, selectGroup, type Caller } from './http/auth';
import { ClientWatch } from './http/client-watch';
import { readBody } from './http/body';
import { checkBrowserSafety, notJson, type BodyCheck, type HostPolicy } from './http/browser-guard';
import { errorBody, successType, type ApiDialect } from './http/dialect';
import { HttpError, badRequest, notFound } from './http/errors';
import type { FaultInjector } from './http/faults';
import { render, type OutputFormat } from './http/format';
import type { RateLimiter } from './http/rate-limit';
import { CLIENT_CLOSED_REQUEST, type LoggedRequest, type RequestLog } from './http/request-log';
import type { RequestContext, Router } from './http/router';
import { controlRoute } from './routes/control';
import type { World } from './world/model';

export interface PipelineDeps {
  world: World;
  router: Router;
  limiter: RateLimiter;
  faults: FaultInjector;
  log: RequestLog;
  control: boolean;
  /** Which Host headers are answered (DNS-rebinding protection). */
  hosts: HostPolicy;
  ownUrl: () => string;
  nowMs: () => number;
  /** The API this emulator speaks (its routes, error bodies, media types and format rules). */
  dialect: ApiDialect;
  /** v7's own budget of instant tests: an injected 429 on an instant-test path names it spent too. */
  instantLimiter?: RateLimiter;
}

interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  format: OutputFormat;
  contentType?: string | undefined;
}

interface Parsed {
  path: string;
  segments: string[];
  query: URLSearchParams;
  format: OutputFormat;
}

/** Budget of callers without valid credentials, kept apart from every organization's. */
const ANONYMOUS = '(unauthenticated)';

/** What one request has established so far, for logging and for error answers. */
interface Exchange {
  method: string;
  watch: ClientWatch;
  /** Rate-limit bucket of the caller: their organization, or the anonymous one. */
  organization: string;
  /** The query as sent, known once the URL parsed (logged even when parsing the rest failed). */
  query: URLSearchParams;
  parsed?: Parsed;
  /** Read only once the caller is known and the request routed; never for anonymous callers. */
  rawBody: string | undefined;
  /** The truncate fault fired: send half the body, then cut the connection. */
  truncate: boolean;
  /** A bare empty POST passed the browser guard only if its route takes one (checked once routed). */
  bodyCheck: BodyCheck;
}

export async function handleRequest(deps: PipelineDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const exchange: Exchange = {
    method: req.method ?? 'GET',
    watch: new ClientWatch(res),
    organization: ANONYMOUS,
    query: new URLSearchParams(),
    rawBody: undefined,
    truncate: false,
    bodyCheck: 'done',
  };
  let answer: Answer;
  try {
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    exchange.query = url.searchParams;
    exchange.bodyCheck = checkBrowserSafety(exchange.method, req.headers, deps.hosts);
    if (url.pathname.startsWith(CONTROL_PREFIX)) {
      if (exchange.bodyCheck !== 'done') throw notJson(exchange.method);
      await handleControl(deps, req, res, url);
      return;
    }
    // Identify first: every answer to a known caller carries their organization's budget.
    const caller = identify(deps.world.users, req.headers, url.searchParams);
    exchange.organization = caller.user?.organization ?? ANONYMOUS;
    if ((await applyFaults(deps, req, exchange, url.pathname)) === 'dropped') return;
    const parsed = parseTarget(url, deps.dialect);
    exchange.parsed = parsed;
    answer = exchange.watch.left ? GONE : await dispatch(deps, req, exchange, parsed, caller);
  } catch (error) {
    answer = exchange.watch.explains(error)
      ? GONE
      : failure(deps, error, exchange.parsed?.format ?? 'json', exchange.organization);
  }
  if (answer === GONE || exchange.watch.left) {
    logged(deps, req, exchange, CLIENT_CLOSED_REQUEST).aborted = true;
    return;
  }
  const entry = logged(deps, req, exchange, answer.status);
  // A cut the truncate fault makes on purpose is not the client leaving.
  if (!exchange.truncate)
    res.once('close', () => {
      if (!res.writableFinished) entry.aborted = true;
    });
  send(res, answer, exchange.truncate, deps.nowMs(), !req.complete);
}

/** Latency first (cut short when the client leaves), then at most one terminal fault. */
async function applyFaults(
  deps: PipelineDeps,
  req: IncomingMessage,
  exchange: Exchange,
  pathname: string,
): Promise<'dropped' | 'go on'> {
  for (const fault of deps.faults.pick(pathname)) {
    if (fault.fault === 'latency') await exchange.watch.pause(fault.latencyMs ?? 1000);
    else if (fault.fault === 'drop') {
      logged(deps, req, exchange, 0);
      req.socket.destroy();
      return 'dropped';
    } else if (fault.fault === 'truncate') exchange.truncate = true;
    else throw injected(deps, fault, exchange.organization, pathname);
    if (exchange.watch.left) break;
  }
  return 'go on';
}

/** The answer to a client that left: logged as 499, never sent. */
const GONE: Answer = { status: CLIENT_CLOSED_REQUEST, body: {}, headers: {}, format: 'json' };

/** Logging never costs the answer: an entry that cannot be made is left out. */
function logged(deps: PipelineDeps, req: IncomingMessage, exchange: Exchange, status: number): LoggedRequest {
  const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
  const facts = {
    method: exchange.method,
    path: exchange.parsed?.path ?? rawPath,
    query: exchange.query,
    headers: req.headers,
    rawBody: exchange.rawBody,
    status,
  };
  try {
    return deps.log.add(facts);
  } catch (error) {
    console.error('netmon emulator: could not log a request', error);
    return { method: facts.method, path: facts.path, query: {}, headers: {}, status };
  }
}

/** Injected errors and 429 storms carry the caller's budget but spend none of it. */
function injected(deps: PipelineDeps, fault: FaultRule, organization: string, pathname: string): HttpError {
  const nowSeconds = deps.nowMs() / 1000;
  if (fault.fault === 'rate-limit') {
    const instant = deps.dialect === 'v7' && deps.instantLimiter !== undefined && pathname.endsWith('/instant');
    return new HttpError(
      429,
      'Rate limit exceeded for the organization (injected fault); retry after X-Organization-Rate-Limit-Reset',
      {
        ...deps.limiter.exhausted(organization, nowSeconds),
        ...(instant ? deps.instantLimiter?.exhausted(organization, nowSeconds) : {}),
      },
    );
  }
  const status = fault.status ?? 503;
  return new HttpError(status, `Injected fault: HTTP ${status}`);
}

function parseTarget(url: URL, dialect: ApiDialect): Parsed {
  let segments: string[];
  try {
    segments = url.pathname
      .split('/')
      .filter(Boolean)
      .map((s) => decodeURIComponent(s));
  } catch {
    throw badRequest(`Path '${url.pathname}' has invalid percent-encoding`);
  }
  const query = url.searchParams;
  const formatParam = query.get('format');
  if (dialect === 'v7') {
    if (formatParam !== null && formatParam !== 'json')
      throw badRequest(`format '${formatParam}' is not available: API v7 answers JSON only`);
    return { path: `/${segments.map((s) => encodeURIComponent(s)).join('/')}`, segments, query, format: 'json' };
  }
  if (formatParam !== null && formatParam !== 'json' && formatParam !== 'xml') {
    throw badRequest(`format '${formatParam}' must be json or xml`);
  }
  const last = segments[segments.length - 1];
  const jsonSuffix = last !== undefined && last.endsWith('.json') && last.length > 5;
  if (jsonSuffix) {
    segments[segments.length - 1] = last.slice(0, -5);
    if (formatParam === 'xml') throw badRequest('format=xml conflicts with the .json suffix of the path');
  }
  const path = `/${segments.map((s) => encodeURIComponent(s)).join('/')}`;
  return { path, segments, query, format: formatParam === 'xml' ? 'xml' : 'json' };
}

/**
 * Authenticates, spends budget, routes, and only then reads the body: a caller without valid
 * credentials (or one whose request fails earlier) never makes the emulator hold its body.
 */
async function dispatch(
  deps: PipelineDeps,
  req: IncomingMessage,
  exchange: Exchange,
  parsed: Parsed,
  caller: Caller,
): Promise<Answer> {
  const method = req.method ?? 'GET';
  const nowSeconds = Math.floor(deps.nowMs() / 1000);
  if (caller.rejection) throw caller.rejection;
  const { user } = caller;
  const decision = deps.limiter.take(user.organization, nowSeconds);
  try {
    if (!decision.allowed) {
      const retryAfter = Math.max(1, Number(decision.headers['x-organization-rate-limit-reset']) - nowSeconds);
      decision.headers['retry-after'] = String(retryAfter);
      throw new HttpError(
        429,
        `Rate limit of ${decision.headers['x-organization-rate-limit-limit']} requests exceeded for ` +
          `organization ${user.organization}; retry after ` +
          `${decision.headers['x-organization-rate-limit-reset']} (epoch seconds)`,
      );
    }
    const match = deps.router.match(method, parsed.segments, parsed.path);
    if (!match) throw notFound(`Unknown path ${parsed.path}`);
    if (exchange.bodyCheck === 'bare-empty-post' && !match.bareEmptyPost) throw notJson(method);
    const { aid, group } = selectGroup(
      deps.world,
      user,
      parsed.query,
      deps.dialect === 'v7' ? '/v7/account-groups' : '/v6/account-groups',
    );
    const rawBody = await readBody(req);
    exchange.rawBody = rawBody;
    if (exchange.watch.left) return GONE;
    const ctx: RequestContext = {
      method,
      path: parsed.path,
      params: match.params,
      query: parsed.query,
      user,
      aid,
      group,
      baseUrl: baseUrl(deps, req),
      nowSeconds,
      rawBody,
      contentType: req.headers['content-type'],
    };
    const result = await match.handler(ctx);
    return {
      status: result.status ?? 200,
      body: result.body,
      headers: { ...decision.headers, ...result.headers },
      format: parsed.format,
      contentType: result.contentType ?? successType(deps.dialect),
    };
  } catch (error) {
    if (error instanceof HttpError) throw error.withHeaders(decision.headers);
    throw error;
  }
}

function baseUrl(deps: PipelineDeps, req: IncomingMessage): string {
  const host = req.headers.host;
  // Links follow the address the client used, unless the Host header looks forged.
  return host && /^[A-Za-z0-9.\-[\]:]{1,300}$/.test(host) ? `http://${host}` : deps.ownUrl();
}

function failure(deps: PipelineDeps, error: unknown, format: OutputFormat, organization: string): Answer {
  const nowSeconds = Math.floor(deps.nowMs() / 1000);
  if (error instanceof HttpError) {
    const headers = { ...deps.limiter.peek(organization, nowSeconds), ...error.headers };
    const rendered = errorBody(deps.dialect, error);
    return { status: error.status, body: rendered.body, headers, format, contentType: rendered.contentType };
  }
  // Never expected: the fuzz tests keep this branch unreachable for any input.
  console.error('netmon emulator: unexpected error', error);
  const detail = error instanceof Error ? error.message : String(error);
  const rendered = errorBody(deps.dialect, new HttpError(500, `Internal emulator error: ${detail}`));
  return {
    status: 500,
    body: rendered.body,
    headers: deps.limiter.peek(organization, nowSeconds),
    format,
    contentType: rendered.contentType,
  };
}

/**
 * `date` follows the emulator's clock, as a real server's does, so clients can correct a
 * skewed Reset. A body still arriving is not waited for: the connection closes after the
 * answer instead of reading (and discarding) whatever the client keeps sending.
 */
function send(res: ServerResponse, answer: Answer, truncate: boolean, nowMs: number, bodyPending: boolean): void {
  if (answer.status === 204) {
    // No Content: v7's answer to a delete carries headers only.
    res.writeHead(204, {
      ...answer.headers,
      date: new Date(nowMs).toUTCString(),
      ...(bodyPending ? { connection: 'close' } : {}),
    });
    res.end();
    return;
  }
  const rendered = render(answer.body, answer.format, answer.contentType);
  res.writeHead(answer.status, {
    ...answer.headers,
    date: new Date(nowMs).toUTCString(),
    'content-type': rendered.contentType,
    'content-length': String(Buffer.byteLength(rendered.body, 'utf8')),
    ...(answer.status === 413 || bodyPending ? { connection: 'close' } : {}),
  });
  // The socket encodes the string itself; a Buffer copy is only needed to cut it in half.
  if (!truncate) {
    res.end(rendered.body, 'utf8');
    return;
  }
  const body = Buffer.from(rendered.body, 'utf8');
  res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.destroy());
}

async function handleControl(deps: PipelineDeps, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  let answer: Answer;
  try {
    if (!deps.control) throw notFound(`Unknown path ${url.pathname} (control routes need --control)`);
    const rawBody = await readBody(req);
    const result = controlRoute(
      req.method ?? 'GET',
      url.pathname,
      rawBody,
      req.headers['content-type'],
      deps.faults,
      deps.log,
    );
    if (!result) throw notFound(`Unknown control route ${url.pathname}`);
    answer = { ...result, headers: {}, format: 'json' };
  } catch (error) {
    answer = failure(deps, error, 'json', ANONYMOUS);
  }
  send(res, answer, false, deps.nowMs(), !req.complete);
}
