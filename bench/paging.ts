// Walks 300 pages of a list under the emulator's rate limit with our client, and with a
// naive loop (sequential, retries after 1 s on 429), both following pages.next; then our
// client's same walk against the v7 emulator (POST …/pages/filter along `_links.next.href`,
// the account's dialect today), under the same limit. Reports
// time, 429s received and the fraction of the rate budget used: successful requests over
// the budget of the rate-limit windows the run touched (limit × distinct Reset values).
// Each run starts just after a window boundary so both face the same windows.
// Noisy: the machine is shared; times are wall-clock.
import { request, type Dispatcher } from 'undici';
import { createNetmonClient, type ApiVersion } from '../src/api';
import { RateLimiterRegistry } from '../src/api/rate-limiter';
import { RATE_LIMIT_HEADERS } from '../src/api/types';
import { DEMO_CREDENTIALS, startEmulator } from '../src/emulator';
import { decodeOverhead } from './_decode-overhead';

const PAGES = 300;
const LIMIT = 60;
const WINDOW_SECONDS = 5;
const PAGE_SIZE = 5;
const LIST = '/v6/endpoint-data/user-sessions/web';
const QUERY = 'window=1d';
const TOKEN = DEMO_CREDENTIALS.admin.token;

interface RunResult {
  seconds: number;
  pages: number;
  rateLimited: number;
  budget: number;
}

async function atWindowStart(): Promise<void> {
  const windowMs = WINDOW_SECONDS * 1000;
  const wait = windowMs - (Date.now() % windowMs) + 20;
  await new Promise((resolve) => setTimeout(resolve, wait));
}

async function withEmulator(run: (url: string) => Promise<RunResult>, api: ApiVersion = 'v6'): Promise<RunResult> {
  const emulator = await startEmulator({
    api,
    pageSize: PAGE_SIZE,
    rateLimit: { limit: LIMIT, windowSeconds: WINDOW_SECONDS },
  });
  try {
    await atWindowStart();
    return await run(emulator.url);
  } finally {
    await emulator.close();
  }
}

async function ours(url: string, api: ApiVersion = 'v6'): Promise<RunResult> {
  const resets = new Set<number>();
  let rateLimited = 0;
  let succeeded = 0;
  const client = createNetmonClient(
    {
      baseUrl: url,
      credentials: { kind: 'bearer', token: TOKEN },
      apiVersion: api,
      onRequest: (event) => {
        if (event.status === 429) rateLimited += 1;
        else if (event.status === 200) succeeded += 1;
        if (event.rateLimit && event.status === 200) resets.add(event.rateLimit.resetEpochSeconds);
      },
    },
    { rateLimiters: new RateLimiterRegistry() },
  );
  const started = performance.now();
  let pages = 0;
  for await (const _page of client.webSessions({ window: '1d' }).pages()) {
    pages += 1;
    if (pages === PAGES) break;
  }
  const seconds = (performance.now() - started) / 1000;
  await client.close();
  return { seconds, pages, rateLimited, budget: succeeded / (LIMIT * resets.size) };
}

/** What a script without a rate limiter does: one request after another, 1 s pause on 429. */
async function naive(url: string): Promise<RunResult> {
  const resets = new Set<number>();
  let rateLimited = 0;
  let succeeded = 0;
  let pages = 0;
  let next: string | undefined = `${url}${LIST}?${QUERY}`;
  const started = performance.now();
  while (next && pages < PAGES) {
    const response: Dispatcher.ResponseData = await request(next, { headers: { authorization: `Bearer ${TOKEN}` } });
    const text: string = await response.body.text();
    if (response.statusCode === 429) {
      rateLimited += 1;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    if (response.statusCode !== 200) throw new Error(`naive loop: HTTP ${response.statusCode}`);
    succeeded += 1;
    resets.add(Number(response.headers[RATE_LIMIT_HEADERS.reset]));
    pages += 1;
    next = (JSON.parse(text) as { pages: { next?: string } }).pages.next;
  }
  const seconds = (performance.now() - started) / 1000;
  return { seconds, pages, rateLimited, budget: succeeded / (LIMIT * resets.size) };
}

function describe(name: string, result: RunResult): string {
  return `${name.padEnd(8)} ${result.seconds.toFixed(2)} s  pages=${result.pages}  429s=${result.rateLimited}  budget=${result.budget.toFixed(3)}`;
}

async function main(): Promise<void> {
  console.log(
    `paging: ${PAGES} pages of ${PAGE_SIZE}, rate limit ${LIMIT} per ${WINDOW_SECONDS} s (noisy: shared machine)`,
  );
  const oursResult = await withEmulator(ours);
  console.log(describe('ours', oursResult));
  const naiveResult = await withEmulator(naive);
  console.log(describe('baseline', naiveResult));
  const v7Result = await withEmulator((url) => ours(url, 'v7'), 'v7');
  console.log(describe('ours v7', v7Result));
  if (oursResult.pages !== PAGES || naiveResult.pages !== PAGES || v7Result.pages !== PAGES)
    throw new Error('a run ended before 300 pages');
  const ratio = naiveResult.seconds / oursResult.seconds;
  const decode = await decodeOverhead('v6');
  console.log(
    `decoding v6: ${decode.records} web sessions, walk ${decode.walkMs.toFixed(1)} ms, decoding alone ${decode.decodeMs.toFixed(1)} ms (medians of 7)`,
  );
  const decodeV7 = await decodeOverhead('v7');
  console.log(
    `decoding v7: ${decodeV7.records} pages, walk ${decodeV7.walkMs.toFixed(1)} ms, decoding and renaming alone ${decodeV7.decodeMs.toFixed(1)} ms, of which renaming into domain records ${decodeV7.renameMs.toFixed(1)} ms (medians of 7)`,
  );
  console.log(
    `BENCH paging ours=${oursResult.seconds.toFixed(2)} baseline=${naiveResult.seconds.toFixed(2)} ratio=${ratio.toFixed(2)} ours429=${oursResult.rateLimited} budget=${oursResult.budget.toFixed(3)} decode_overhead=${decode.fraction.toFixed(3)} v7_ours=${v7Result.seconds.toFixed(2)} v7_ours429=${v7Result.rateLimited} v7_budget=${v7Result.budget.toFixed(3)} v7_decode_overhead=${decodeV7.fraction.toFixed(3)}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
