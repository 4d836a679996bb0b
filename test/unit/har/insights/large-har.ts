// A large, deterministic page load on which every insight rule has something to find:
// initiators and connection reuse for the critical path, an HTTP/1.1 origin that queues,
// redirects, uncompressed text, images without validators, duplicates, storms of POSTs,
// retries after failures, third parties, many origins and idle stretches. The pinning test
// compares the findings and critical path of this file (and of the bench's synthetic HAR)
// with what they were before the insights were made fast.
import { readHar } from '../../../../src/analysis/har';
import { rawHar, type Req } from './build-har';

/** Park–Miller, as the synthetic HAR uses: small, seedable. */
function random(seed: number): () => number {
  let state = seed % 2147483647 || 1;
  return () => (state = (state * 48271) % 2147483647) / 2147483647;
}

const FIRST_PARTY = ['www.shop.example', 'static.shop.example', 'api.shop.example', 'legacy.shop.example'];
const THIRD_PARTY = Array.from({ length: 10 }, (_, i) => `cdn${i}.vendor${i % 4}.net`);

function requestAt(i: number, at: number, rand: () => number): Req {
  const roll = rand();
  const host =
    roll < 0.35
      ? THIRD_PARTY[Math.floor(rand() * THIRD_PARTY.length)]!
      : FIRST_PARTY[Math.floor(rand() * FIRST_PARTY.length)]!;
  const legacy = host === 'legacy.shop.example';
  const fresh = rand() < 0.05;
  const kind = Math.floor(rand() * 5);
  const path = [
    `js/app-${i % 700}.js`,
    `css/site-${i}.css`,
    `img/photo-${i % 900}.jpg`,
    `fonts/f-${i}.woff2`,
    `api/items?page=${i % 300}`,
  ][kind]!;
  const size = kind === 2 ? Math.round(rand() * 400_000) : Math.round(rand() * 9000);
  const status = rand() < 0.02 ? 503 : rand() < 0.02 ? 404 : rand() < 0.01 ? 0 : rand() < 0.01 ? 302 : 200;
  const headers: Record<string, string> = {};
  if (rand() < 0.5) headers.etag = `"${i}"`;
  if (rand() < 0.6) headers['content-encoding'] = 'gzip';
  return {
    url: `https://${host}/${path}`,
    at,
    status,
    // An aborted request (status 0) got no body.
    size: status === 0 ? 0 : size,
    timings: {
      blocked: legacy ? Math.round(rand() * 300) : Math.round(rand() * 20),
      ...(fresh
        ? { dns: Math.round(rand() * 60), connect: Math.round(40 + rand() * 100), ssl: Math.round(20 + rand() * 40) }
        : {}),
      send: 0,
      wait: Math.round(10 + rand() * (rand() < 0.01 ? 2500 : 200)),
      receive: Math.round(rand() * 120),
    },
    headers,
    connection: String(1 + Math.floor(rand() * 30)),
    ...(legacy ? { httpVersion: 'HTTP/1.1' } : {}),
    ...(status === 302 ? { redirectURL: `https://${host}/moved/${i}` } : {}),
    ...(rand() < 0.2
      ? { initiator: { type: 'parser', url: `https://www.shop.example/js/app-${Math.floor(rand() * 700)}.js` } }
      : {}),
    ...(kind === 4 && rand() < 0.3 ? { method: 'POST', body: `{"q":${i % 7}}` } : {}),
  };
}

/** count requests over about count × 3 ms, with two idle stretches and a storm of one POST. */
export function largeHar(count: number, seed = 11): ReturnType<typeof readHar> {
  const rand = random(seed);
  const requests: Req[] = [
    {
      url: 'https://www.shop.example/',
      at: 0,
      timings: { dns: 20, connect: 80, ssl: 40, wait: 600, receive: 30 },
      headers: { etag: '"doc"' },
    },
  ];
  let at = 750;
  for (let i = 1; i < count; i++) {
    at += rand() * 6;
    if (i === Math.floor(count / 3) || i === Math.floor((2 * count) / 3)) at += 900 + rand() * 500;
    if (i % 997 === 0) {
      for (let k = 0; k < 6; k++)
        requests.push({
          url: 'https://api.shop.example/api/poll',
          at: at + k * 150,
          method: 'POST',
          body: '{"since":1}',
          timings: { wait: 40 },
        });
    }
    requests.push(requestAt(i, at, rand));
  }
  return readHar(rawHar(requests, { onLoad: Math.round(at * 0.95), timings: { _startRender: 900 } }));
}
