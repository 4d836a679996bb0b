// One request from socket to answer: faults, format, body, auth, rate limit, route,
// account group, handler, rendering. Every failure becomes {"errorMessage": "..."}.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FaultRule } from './api';
import { CONTROL_PREFIX } from './api';
import { authenticate, selectGroup } from './http/auth';
import { readBody } from './http/body';
import { HttpError, badRequest, notFound } from './http/errors';
import type { FaultInjector } from './http/faults';
import { render, type OutputFormat } from './http/format';
import type { RateLimiter } from './http/rate-limit';
import type { RequestLog } from './http/request-log';
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
  ownUrl: () => string;
  nowMs: () => number;
}

interface Answer { status: number; body: unknown; headers: Record<string, string>; format: OutputFormat }

interface Parsed { path: string; segments: string[]; query: URLSearchParams; format: OutputFormat }

const ANONYMOUS = '(unauthenticated)';

export async function handleRequest(deps: PipelineDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = req.method ?? 'GET';
  let rawBody = '';
  let parsed: Parsed | undefined;
  let truncate = false;
  let answer: Answer;
  const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
  try {
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    if (url.pathname.startsWith(CONTROL_PREFIX)) {
      await handleControl(deps, req, res, url);
      return;
    }
    for (const fault of deps.faults.pick(url.pathname)) {
      if (fault.fault === 'latency') await sleep(fault.latencyMs ?? 1000);
      else if (fault.fault === 'drop') { deps.log.add(method, url.pathname, url.searchParams, '', 0); req.socket.destroy(); return; }
      else if (fault.fault === 'truncate') truncate = true;
      else throw injected(deps, fault);
    }
    parsed = parseTarget(url);
    rawBody = await readBody(req);
    answer = await dispatch(deps, req, method, parsed, rawBody);
  } catch (error) {
    answer = failure(deps, error, parsed?.format ?? 'json');
  }
  deps.log.add(method, parsed?.path ?? rawPath, parsed?.query ?? new URLSearchParams(), rawBody, answer.status);
  send(res, answer, truncate);
}

function injected(deps: PipelineDeps, fault: FaultRule): HttpError {
  const nowSeconds = deps.nowMs() / 1000;
  if (fault.fault === 'rate-limit') {
    return new HttpError(429, 'Rate limit exceeded for the organization (injected fault); retry after X-Organization-Rate-Limit-Reset',
      deps.limiter.exhausted(ANONYMOUS, nowSeconds));
  }
  const status = fault.status ?? 503;
  return new HttpError(status, `Injected fault: HTTP ${status}`);
}

function parseTarget(url: URL): Parsed {
  let segments: string[];
  try {
    segments = url.pathname.split('/').filter(Boolean).map((s) => decodeURIComponent(s));
  } catch {
    throw badRequest(`Path '${url.pathname}' has invalid percent-encoding`);
  }
  const query = url.searchParams;
  const formatParam = query.get('format');
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

async function dispatch(deps: PipelineDeps, req: IncomingMessage, method: string, parsed: Parsed, rawBody: string): Promise<Answer> {
  const nowMs = deps.nowMs();
  const nowSeconds = Math.floor(nowMs / 1000);
  const user = authenticate(deps.world.users, req.headers, parsed.query);
  const decision = deps.limiter.take(user.organization, nowSeconds);
  try {
    if (!decision.allowed) {
      const retryAfter = Math.max(1, Number(decision.headers['x-organization-rate-limit-reset']) - nowSeconds);
      decision.headers['retry-after'] = String(retryAfter);
      throw new HttpError(429, `Rate limit of ${decision.headers['x-organization-rate-limit-limit']} requests exceeded for organization ${user.organization}; retry after ${decision.headers['x-organization-rate-limit-reset']} (epoch seconds)`);
    }
    const match = deps.router.match(method, parsed.segments, parsed.path);
    if (!match) throw notFound(`Unknown path ${parsed.path}`);
    const { aid, group } = selectGroup(deps.world, user, parsed.query);
    const ctx: RequestContext = {
      method, path: parsed.path, params: match.params, query: parsed.query, user, aid, group,
      baseUrl: baseUrl(deps, req), nowSeconds, rawBody, contentType: req.headers['content-type'],
    };
    const result = await match.handler(ctx);
    return { status: result.status ?? 200, body: result.body, headers: decision.headers, format: parsed.format };
  } catch (error) {
    if (error instanceof HttpError) throw new HttpError(error.status, error.message, { ...decision.headers, ...error.headers });
    throw error;
  }
}

function baseUrl(deps: PipelineDeps, req: IncomingMessage): string {
  const host = req.headers.host;
  // Links follow the address the client used, unless the Host header looks forged.
  return host && /^[A-Za-z0-9.\-[\]:]{1,300}$/.test(host) ? `http://${host}` : deps.ownUrl();
}

function failure(deps: PipelineDeps, error: unknown, format: OutputFormat): Answer {
  const nowSeconds = Math.floor(deps.nowMs() / 1000);
  if (error instanceof HttpError) {
    const headers = { ...deps.limiter.peek(ANONYMOUS, nowSeconds), ...error.headers };
    return { status: error.status, body: { errorMessage: error.message }, headers, format };
  }
  // Never expected: the fuzz tests keep this branch unreachable for any input.
  console.error('netmon emulator: unexpected error', error);
  const detail = error instanceof Error ? error.message : String(error);
  return { status: 500, body: { errorMessage: `Internal emulator error: ${detail}` }, headers: deps.limiter.peek(ANONYMOUS, nowSeconds), format };
}

function send(res: ServerResponse, answer: Answer, truncate: boolean): void {
  const rendered = render(answer.body, answer.format);
  const body = Buffer.from(rendered.body, 'utf8');
  res.writeHead(answer.status, {
    ...answer.headers, 'content-type': rendered.contentType, 'content-length': String(body.length),
    ...(answer.status === 413 ? { connection: 'close' } : {}),
  });
  if (!truncate) { res.end(body); return; }
  res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.destroy());
}

async function handleControl(deps: PipelineDeps, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  let answer: Answer;
  try {
    if (!deps.control) throw notFound(`Unknown path ${url.pathname} (control routes need --control)`);
    const rawBody = await readBody(req);
    const result = controlRoute(req.method ?? 'GET', url.pathname, rawBody, req.headers['content-type'], deps.faults, deps.log);
    if (!result) throw notFound(`Unknown control route ${url.pathname}`);
    answer = { ...result, headers: {}, format: 'json' };
  } catch (error) {
    answer = failure(deps, error, 'json');
  }
  send(res, answer, false);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
