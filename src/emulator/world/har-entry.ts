// One HAR entry: request and response with headers, cookies, query string and content.
import type { HarEntry, HarNameValue, HarTimings } from '../../api/types';
import type { Rng } from './prng';

export type ResourceType = 'document' | 'script' | 'stylesheet' | 'image' | 'font' | 'xhr' | 'other';

export interface EntryPlan {
  type: ResourceType;
  url: string;
  /** 0 is a request that failed before any response. */
  status: number;
  redirectURL?: string;
  size: number;
}

export interface EntryContext {
  pageref: string;
  startedDateTime: string;
  time: number;
  timings: HarTimings;
  connection: string;
  serverIPAddress: string;
  referer: string | undefined;
  userAgentPlatform: 'Mac' | 'Windows';
  firstParty: boolean;
}

const STATUS_TEXT: Record<number, string> = {
  0: '',
  200: 'OK',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  304: 'Not Modified',
  404: 'Not Found',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const MIME: Record<ResourceType, string> = {
  document: 'text/html',
  script: 'application/javascript',
  stylesheet: 'text/css',
  image: 'image/png',
  font: 'font/woff2',
  xhr: 'application/json',
  other: 'text/plain',
};

const SIZE_RANGE: Record<ResourceType, readonly [number, number]> = {
  document: [8_000, 250_000],
  script: [3_000, 450_000],
  stylesheet: [1_500, 90_000],
  image: [400, 350_000],
  font: [12_000, 70_000],
  xhr: [150, 25_000],
  other: [100, 8_000],
};

const USER_AGENTS = {
  Mac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 ' +
    'Safari/537.36',
  Windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
} as const;

const FAILURES = [
  'net::ERR_BLOCKED_BY_CLIENT',
  'net::ERR_CONNECTION_RESET',
  'net::ERR_NAME_NOT_RESOLVED',
  'net::ERR_TIMED_OUT',
];

function mimeOf(plan: EntryPlan): string {
  if (plan.type !== 'image') return MIME[plan.type];
  const ext = plan.url.split('.').pop() ?? 'png';
  return ext === 'svg' ? 'image/svg+xml' : ext === 'jpg' ? 'image/jpeg' : `image/${ext}`;
}

function queryOf(url: URL): HarNameValue[] {
  const out: HarNameValue[] = [];
  url.searchParams.forEach((value, name) => out.push({ name, value }));
  return out;
}

function headersSize(headers: readonly HarNameValue[]): number {
  return headers.reduce((sum, header) => sum + header.name.length + header.value.length + 4, 2);
}

export function harEntry(rng: Rng, plan: EntryPlan, ctx: EntryContext): HarEntry {
  const url = new URL(plan.url);
  const redirect = plan.status === 301 || plan.status === 302;
  const failed = plan.status === 0;
  const empty = redirect || failed || plan.status === 304 || plan.status === 204;
  const [minSize, maxSize] = SIZE_RANGE[plan.type];
  const size = empty ? 0 : rng.int(minSize, maxSize);
  const text = plan.type === 'document' || plan.type === 'script' || plan.type === 'stylesheet' || plan.type === 'xhr';
  const transfer = empty ? 0 : text ? Math.round(size * rng.float(0.2, 0.35)) : size;
  const mimeType = redirect || failed ? 'x-unknown' : mimeOf(plan);
  const cookies: HarNameValue[] = ctx.firstParty ? [{ name: 'session_id', value: rng.hex(24) }] : [];
  const requestHeaders: HarNameValue[] = [
    { name: 'Host', value: url.host },
    { name: 'User-Agent', value: USER_AGENTS[ctx.userAgentPlatform] },
    { name: 'Accept', value: plan.type === 'document' ? 'text/html,application/xhtml+xml,*/*;q=0.8' : '*/*' },
    { name: 'Accept-Encoding', value: 'gzip, deflate, br' },
  ];
  if (ctx.referer) requestHeaders.push({ name: 'Referer', value: ctx.referer });
  if (cookies.length)
    requestHeaders.push({ name: 'Cookie', value: cookies.map((c) => `${c.name}=${c.value}`).join('; ') });
  const responseHeaders: HarNameValue[] = failed
    ? []
    : [
        { name: 'Content-Type', value: mimeType },
        { name: 'Content-Length', value: String(transfer) },
        {
          name: 'Cache-Control',
          value: plan.type === 'document' || plan.type === 'xhr' ? 'no-cache' : 'public, max-age=31536000',
        },
        { name: 'Server', value: rng.pick(['nginx', 'cloudflare', 'AmazonS3', 'ECS (sjc/4E8A)', 'Apache']) },
      ];
  if (text && !empty) responseHeaders.push({ name: 'Content-Encoding', value: 'br' });
  if (redirect && plan.redirectURL) responseHeaders.push({ name: 'Location', value: plan.redirectURL });
  const responseCookies: HarNameValue[] =
    plan.type === 'document' && !failed ? [{ name: 'session_id', value: rng.hex(24) }] : [];
  if (responseCookies.length)
    responseHeaders.push({
      name: 'Set-Cookie',
      value: `session_id=${responseCookies[0]?.value}; Path=/; Secure; HttpOnly`,
    });
  const entry: HarEntry = {
    pageref: ctx.pageref,
    startedDateTime: ctx.startedDateTime,
    time: ctx.time,
    request: {
      method: plan.type === 'xhr' && rng.chance(0.2) ? 'POST' : 'GET',
      url: plan.url,
      httpVersion: url.protocol === 'https:' ? 'HTTP/2.0' : 'HTTP/1.1',
      cookies,
      headers: requestHeaders,
      queryString: queryOf(url),
      headersSize: headersSize(requestHeaders),
      bodySize: 0,
    },
    response: {
      status: plan.status,
      statusText: STATUS_TEXT[plan.status] ?? '',
      httpVersion: failed ? '' : url.protocol === 'https:' ? 'HTTP/2.0' : 'HTTP/1.1',
      cookies: responseCookies,
      headers: responseHeaders,
      content: { size, mimeType, ...(text && !empty ? { compression: size - transfer } : {}) },
      redirectURL: plan.redirectURL ?? '',
      headersSize: failed ? -1 : headersSize(responseHeaders),
      bodySize: failed ? -1 : transfer,
      _transferSize: failed ? 0 : transfer + headersSize(responseHeaders),
    },
    cache: {},
    timings: ctx.timings,
    serverIPAddress: failed ? '' : ctx.serverIPAddress,
    connection: ctx.connection,
    _resourceType: plan.type === 'stylesheet' ? 'stylesheet' : plan.type === 'xhr' ? 'xhr' : plan.type,
  };
  if (entry.request.method === 'POST') {
    entry.request.postData = { mimeType: 'application/json', text: '{"query":"status"}' };
    entry.request.bodySize = 18;
  }
  if (failed) entry._error = rng.pick(FAILURES);
  return entry;
}
