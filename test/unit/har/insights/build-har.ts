// Hand-built HARs for the critical-path and insight tests: each request says only what the
// test is about; everything else is a plain 200 over HTTP/2 on example.com.
import { readHar } from '../../../../src/analysis/har';

export const START = Date.UTC(2026, 10, 23, 9, 0, 0);
export type Timings = Partial<Record<'blocked' | 'dns' | 'connect' | 'ssl' | 'send' | 'wait' | 'receive', number>>;

export interface Req {
  url: string;
  at: number;
  timings?: Timings;
  status?: number;
  method?: string;
  mime?: string;
  size?: number;
  headers?: Record<string, string>;
  initiator?: unknown;
  connection?: string;
  httpVersion?: string;
  redirectURL?: string;
  body?: string;
  extra?: Record<string, unknown>;
}

export function rawHar(
  requests: readonly Req[],
  page: { onLoad?: number; extra?: Record<string, unknown>; timings?: Record<string, unknown> } = {},
): unknown {
  return {
    log: {
      version: '1.2',
      creator: { name: 'test', version: '1' },
      pages: [
        {
          id: 'p1',
          title: 'Home',
          startedDateTime: new Date(START).toISOString(),
          pageTimings: {
            onContentLoad: -1,
            ...(page.onLoad === undefined ? {} : { onLoad: page.onLoad }),
            ...page.timings,
          },
          ...page.extra,
        },
      ],
      entries: requests.map((r) => {
        const timings = { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: 10, receive: 0, ...r.timings };
        const time = Object.values(timings).reduce((sum, v) => sum + Math.max(0, v), 0);
        const version = r.httpVersion ?? 'h2';
        return {
          pageref: 'p1',
          startedDateTime: new Date(START + r.at).toISOString(),
          time,
          timings,
          ...(r.initiator === undefined ? {} : { _initiator: r.initiator }),
          ...(r.connection === undefined ? {} : { connection: r.connection }),
          request: {
            method: r.method ?? 'GET',
            url: r.url,
            httpVersion: version,
            headers: [],
            queryString: [],
            cookies: [],
            headersSize: -1,
            bodySize: -1,
            ...(r.body === undefined ? {} : { postData: { mimeType: 'application/json', text: r.body } }),
          },
          response: {
            status: r.status ?? 200,
            statusText: '',
            httpVersion: version,
            cookies: [],
            headers: Object.entries(r.headers ?? {}).map(([name, value]) => ({ name, value })),
            content: { size: r.size ?? 100, mimeType: r.mime ?? mimeOf(r.url) },
            redirectURL: r.redirectURL ?? '',
            headersSize: -1,
            bodySize: r.size ?? 100,
          },
          cache: {},
          ...r.extra,
        };
      }),
    },
  };
}

export const har = (requests: readonly Req[], page?: Parameters<typeof rawHar>[1]) => readHar(rawHar(requests, page));

const MIME_BY_EXTENSION: Record<string, string> = {
  js: 'application/javascript',
  css: 'text/css',
  png: 'image/png',
  jpg: 'image/jpeg',
  woff2: 'font/woff2',
};

function mimeOf(url: string): string {
  const extension = /\.([a-z0-9]+)(?:\?|$)/.exec(url)?.[1] ?? '';
  return MIME_BY_EXTENSION[extension] ?? (url.endsWith('/') ? 'text/html' : 'application/json');
}
