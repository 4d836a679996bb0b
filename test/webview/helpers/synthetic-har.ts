// A deterministic page-load HAR of any size for benchmarks and screenshots: a document,
// then scripts, styles, images, fonts and XHRs over several domains, with connection
// reuse (-1 timings), TLS inside connect, a redirect and a few errors.
import type { Har, HarEntry } from '../../../src/api/types';

const DOMAINS = [
  'portal.example.com',
  'static.example.com',
  'cdn.jsdelivr.example',
  'fonts.example.net',
  'api.example.com',
  'analytics.example.org',
];
const KINDS = [
  { type: 'script', mime: 'application/javascript', path: (i: number) => `/assets/js/chunk-${i}.js` },
  { type: 'stylesheet', mime: 'text/css', path: (i: number) => `/assets/css/theme-${i}.css` },
  { type: 'image', mime: 'image/webp', path: (i: number) => `/images/photo-${i}.webp` },
  { type: 'image', mime: 'image/png', path: (i: number) => `/images/icon-${i}.png` },
  { type: 'font', mime: 'font/woff2', path: (i: number) => `/fonts/Inter-${i}.woff2` },
  { type: 'xhr', mime: 'application/json', path: (i: number) => `/api/v2/feed?page=${i}&lang=en` },
] as const;

/** Park–Miller: small, seedable, good enough for plausible timings. */
function random(seed: number): () => number {
  let state = seed % 2147483647 || 1;
  return () => (state = (state * 48271) % 2147483647) / 2147483647;
}

export function syntheticHar(count: number, seed = 1, start = Date.UTC(2026, 10, 20, 10, 0, 0)): Har {
  const rand = random(seed);
  const entries: HarEntry[] = [];
  const opened = new Set<string>();
  const spread = Math.max(1500, count * 2.2);
  for (let i = 0; i < count; i++) {
    const isDocument = i === 0;
    const kind = KINDS[Math.floor(rand() * KINDS.length)] ?? KINDS[0];
    const domain = isDocument
      ? DOMAINS[0]!
      : kind.type === 'xhr'
        ? 'api.example.com'
        : DOMAINS[Math.floor(rand() * DOMAINS.length)]!;
    const fresh = !opened.has(domain) || rand() < 0.08;
    opened.add(domain);
    const offset = isDocument ? 0 : 180 + (i / count) * spread * (0.7 + rand() * 0.3);
    const timings = {
      blocked: Math.round(rand() * 12 * 10) / 10,
      dns: fresh ? Math.round(5 + rand() * 30) : -1,
      connect: fresh ? Math.round(60 + rand() * 60) : -1,
      ssl: fresh ? Math.round(30 + rand() * 30) : -1,
      send: Math.round(rand() * 10) / 10,
      wait: Math.round(20 + rand() * (kind.type === 'xhr' ? 400 : 140)),
      receive: Math.round(2 + rand() * (kind.type === 'image' ? 160 : 50)),
    };
    if (timings.ssl > 0) timings.connect += timings.ssl;
    const time = [timings.blocked, timings.dns, timings.connect, timings.send, timings.wait, timings.receive].reduce(
      (s, t) => s + Math.max(0, t),
      0,
    );
    const roll = rand();
    const status = isDocument ? 200 : roll < 0.015 ? 404 : roll < 0.02 ? 500 : roll < 0.025 ? 302 : 200;
    const size = Math.round(300 + rand() * (kind.type === 'image' ? 90_000 : 30_000));
    const url = isDocument ? `https://${domain}/dashboard` : `https://${domain}${kind.path(i)}`;
    entries.push({
      pageref: 'page_1',
      startedDateTime: new Date(start + offset).toISOString(),
      time,
      request: {
        method: kind.type === 'xhr' && rand() < 0.3 ? 'POST' : 'GET',
        url,
        httpVersion: 'h2',
        cookies: [{ name: 'sid', value: 's%3A7f2c' }],
        headers: [
          { name: ':authority', value: domain },
          { name: 'accept', value: '*/*' },
          { name: 'user-agent', value: 'Mozilla/5.0 Chrome/131.0' },
        ],
        queryString: url.includes('?')
          ? [
              { name: 'page', value: String(i) },
              { name: 'lang', value: 'en' },
            ]
          : [],
        headersSize: -1,
        bodySize: 0,
      },
      response: {
        status,
        statusText:
          status === 200 ? 'OK' : status === 404 ? 'Not Found' : status === 302 ? 'Found' : 'Internal Server Error',
        httpVersion: 'h2',
        cookies: [],
        headers: [
          { name: 'content-type', value: isDocument ? 'text/html' : kind.mime },
          { name: 'cache-control', value: 'max-age=3600' },
        ],
        content: { size, mimeType: isDocument ? 'text/html' : kind.mime },
        redirectURL: status === 302 ? `https://${domain}/moved-${i}` : '',
        headersSize: -1,
        bodySize: Math.round(size * 0.7),
        _transferSize: Math.round(size * 0.7) + 180,
      },
      cache: {},
      timings,
      serverIPAddress: `198.51.100.${DOMAINS.indexOf(domain) + 10}`,
      connection: String(DOMAINS.indexOf(domain) + 1),
      _resourceType: isDocument ? 'document' : kind.type,
    });
  }
  const lastEnd = entries.reduce((m, e) => Math.max(m, Date.parse(e.startedDateTime) - start + e.time), 0);
  return {
    log: {
      version: '1.2',
      creator: { name: 'Netmon synthetic', version: '1' },
      browser: { name: 'Chrome', version: '131.0' },
      pages: [
        {
          startedDateTime: new Date(start).toISOString(),
          id: 'page_1',
          title: 'Portal — Dashboard',
          pageTimings: { onContentLoad: Math.round(lastEnd * 0.45), onLoad: Math.round(lastEnd * 0.8) },
        },
      ],
      entries,
    },
  };
}
