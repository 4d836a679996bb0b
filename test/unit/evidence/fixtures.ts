// Data for the evidence tests: a real HAR with secrets planted in it, hostile strings for
// every place outside text reaches, a HAR of any size, and a reader for the HAR the HTML
// embeds as a data: link.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const GENERATED_AT = new Date('2026-11-20T11:00:00Z');

/** Secret values planted in the HAR: none may appear in any output. */
export const COOKIE_SECRET = 'c00kieS3cretValueQ7';
export const BEARER_SECRET = 'bearerS3cretTokenZ9';
export const SET_COOKIE_SECRET = 'setC00kieS3cretW4';

/** The payload of the brief: if it ever ran, body[data-pwned] would be set. */
export const PWN = `<img src=x onerror="document.body.setAttribute('data-pwned','1')">`;
export const HOSTILE = {
  img: PWN,
  style: `</style><script>document.body.setAttribute('data-pwned','style')</script>`,
  link: `[click me](javascript:document.body.setAttribute('data-pwned','md'))`,
  autolink: `<javascript:alert(1)>`,
  ticks: 'a ``` fence ```` breaker',
  heading: '# not a heading',
};

export function readRealHar(name: string): {
  log: { pages: { id: string; title: string }[]; entries: Record<string, unknown>[] };
} {
  return JSON.parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'har-real', name), 'utf8')) as ReturnType<
    typeof readRealHar
  >;
}

/** chrome-before.har with a session cookie, a bearer token and a Set-Cookie in its first entry. */
export function harWithSecrets(name = 'chrome-before.har'): ReturnType<typeof readRealHar> {
  const har = readRealHar(name);
  const first = har.log.entries[0] as {
    request: { headers: { name: string; value: string }[]; cookies: unknown[] };
    response: { headers: { name: string; value: string }[] };
  };
  first.request.headers.push(
    { name: 'Cookie', value: `sessionid=${COOKIE_SECRET}` },
    { name: 'Authorization', value: `Bearer ${BEARER_SECRET}` },
  );
  first.request.cookies = [{ name: 'sessionid', value: COOKIE_SECRET }];
  first.response.headers.push({ name: 'Set-Cookie', value: `sid=${SET_COOKIE_SECRET}; Path=/; HttpOnly` });
  return har;
}

/** One page of `count` requests, 20 ms apart, each with a hostile-free plain URL. */
export function harOfSize(count: number, pageId = 'page_1'): unknown {
  const start = Date.UTC(2026, 10, 20, 10, 0, 0);
  const entries = Array.from({ length: count }, (_, i) => ({
    pageref: pageId,
    startedDateTime: new Date(start + i * 20).toISOString(),
    time: 30,
    request: {
      method: 'GET',
      url: `https://static.example.com/asset-${i}.js`,
      httpVersion: 'h2',
      headers: [],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'h2',
      headers: [],
      cookies: [],
      content: { size: 100, mimeType: 'application/javascript' },
      redirectURL: '',
      headersSize: -1,
      bodySize: 100,
    },
    cache: {},
    timings: { blocked: 1, dns: -1, connect: -1, ssl: -1, send: 1, wait: 20, receive: 8 },
  }));
  return {
    log: {
      version: '1.2',
      creator: { name: 'test', version: '1' },
      pages: [
        {
          id: pageId,
          title: 'Big page',
          startedDateTime: new Date(start).toISOString(),
          pageTimings: { onLoad: count * 20 },
        },
      ],
      entries,
    },
  };
}

/** The HARs the HTML embeds as `data:application/json;base64,…` downloads, decoded and parsed. */
export function embeddedHars(html: string): { name: string; har: { log: { entries: unknown[] } } }[] {
  return [...html.matchAll(/<a download="([^"]+)" href="data:application\/json;base64,([A-Za-z0-9+/=]+)">/g)].map(
    ([, name, data]) => ({
      name: name!,
      har: JSON.parse(Buffer.from(data!, 'base64').toString('utf8')) as { log: { entries: unknown[] } },
    }),
  );
}

/** Every start tag of `html` with its attribute names (quoted values skipped, as a browser would). */
export function startTags(html: string): { tag: string; attributes: string[] }[] {
  const tags: { tag: string; attributes: string[] }[] = [];
  for (const [, tag, rest] of html.matchAll(
    /<([a-zA-Z][\w-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*\/?>/g,
  )) {
    const attributes = [...rest!.matchAll(/\s+([^\s=/>]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?/g)].map(([, name]) =>
      name!.toLowerCase(),
    );
    tags.push({ tag: tag!.toLowerCase(), attributes });
  }
  return tags;
}
