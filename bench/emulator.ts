// Emulator benchmark: requests/s and p99 latency of a list endpoint of the `large` preset
// against a bare node:http server answering a fixed body of the same size, both driven
// from a second process (undici Pool, fixed concurrency). Then 10,000 mixed requests and
// the emulator process's RSS, and the p99 of a normal page alone and while four clients send
// expensive reads (deep page numbers, filters matching nothing over 7 days). The machine
// is shared: numbers are noisy.
// Run: npm run bench -- emulator
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool, request } from 'undici';
import { DEMO_CREDENTIALS, startEmulator } from '../src/emulator/index';
import { createWorld } from '../src/emulator/world/index';

const TOKEN = DEMO_CREDENTIALS.admin.token;
const LIST_PATH = '/v6/endpoint-data/user-sessions?window=1h';
const CONCURRENCY = 16;
const WARMUP_MS = 1000;
const MEASURE_MS = 5000;
const MIXED_REQUESTS = 10_000;

interface Job {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}
interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  p50: number;
  p99: number;
}
type LoadMode = ({ durationMs: number } | { count: number }) & { concurrency?: number };

// ---------- the second process: drives load and reports JSON on stdout ----------

async function runLoad(origin: string, jobs: Job[], mode: LoadMode): Promise<LoadResult> {
  const concurrency = mode.concurrency ?? CONCURRENCY;
  const pool = new Pool(origin, { connections: concurrency, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  const started = performance.now();
  const more = (): boolean => ('count' in mode ? issued < mode.count : performance.now() - started < mode.durationMs);
  const worker = async (): Promise<void> => {
    while (more()) {
      const job = jobs[issued % jobs.length] as Job;
      issued += 1;
      const t0 = performance.now();
      try {
        const headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` };
        if (job.body !== undefined) headers['content-type'] = 'application/json';
        const response = await pool.request({ method: job.method, path: job.path, headers, body: job.body });
        await response.body.arrayBuffer();
        if (response.statusCode !== 200) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  const at = (q: number): number => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, errors, seconds, p50: at(0.5), p99: at(0.99) };
}

async function loadProcessMain(): Promise<void> {
  const [, , , origin = '', jobsFile = '', modeText = ''] = process.argv;
  const jobs = (await import('node:fs')).readFileSync(jobsFile, 'utf8');
  const mode = JSON.parse(modeText) as LoadMode;
  const result = await runLoad(origin, JSON.parse(jobs) as Job[], mode);
  process.stdout.write(JSON.stringify(result));
}

// ---------- the first process: servers and orchestration ----------

function driveFromChild(origin: string, jobsFile: string, mode: LoadMode): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', __filename, '--load', origin, jobsFile, JSON.stringify(mode)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`load process exited ${code}`)),
    );
  });
}

function startBaseline(body: Buffer): Promise<Server> {
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function mixedJobs(url: string): Promise<Job[]> {
  const get = async (path: string): Promise<Record<string, unknown>> => {
    const response = await request(`${url}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    return (await response.body.json()) as Record<string, unknown>;
  };
  const tests = (await get('/v7/endpoint-tests')).endpointTest as { testId: number; type: string }[];
  const sessions = (await get('/v6/endpoint-data/user-sessions?window=1d')).userSessions as { userSessionId: string }[];
  const probes = (await get('/v6/endpoint-data/network-topology?window=1d')).networkProbes as {
    networkProbeId: string;
  }[];
  const jobs: Job[] = [];
  for (const window of ['5m', '1h', '6h', '1d', '7d']) {
    jobs.push({ method: 'GET', path: `/v6/endpoint-data/user-sessions?window=${window}` });
    jobs.push({ method: 'GET', path: `/v6/endpoint-data/user-sessions/web?window=${window}&page=2` });
    jobs.push({ method: 'GET', path: `/v6/endpoint-data/user-sessions/network?window=${window}` });
    jobs.push({
      method: 'POST',
      path: `/v6/endpoint-data/network-topology?window=${window}`,
      body: JSON.stringify({ searchFilters: [{ key: 'type', values: ['vpn'] }] }),
    });
    jobs.push({
      method: 'POST',
      path: `/v6/endpoint-data/user-sessions?window=${window}`,
      body: JSON.stringify({ searchFilters: [{ key: 'connection', values: ['Wireless'] }] }),
    });
  }
  for (const test of tests.slice(0, 6)) {
    jobs.push({ method: 'GET', path: `/v7/endpoint-data/tests/net/metrics/${test.testId}?window=1d` });
    jobs.push({ method: 'GET', path: `/v7/endpoint-data/tests/net/path-vis/${test.testId}?window=6h&format=xml` });
    if (test.type === 'http-server')
      jobs.push({ method: 'GET', path: `/v7/endpoint-data/tests/web/http-server/${test.testId}?window=1d` });
  }
  for (const session of sessions.slice(0, 20)) {
    jobs.push({ method: 'GET', path: `/v6/endpoint-data/user-sessions/${session.userSessionId}` });
    const detail = await get(`/v6/endpoint-data/user-sessions/${session.userSessionId}`);
    const pageId = (detail.userSessions as { pages: { id: string }[] }[])[0]?.pages[0]?.id ?? '';
    jobs.push({ method: 'GET', path: `/v6/endpoint-data/user-sessions/${session.userSessionId}/page/${pageId}` });
  }
  for (const probe of probes.slice(0, 10))
    jobs.push({ method: 'GET', path: `/v6/endpoint-data/network-topology/${probe.networkProbeId}` });
  jobs.push(
    { method: 'GET', path: '/v6/endpoint-agents?aid=1002' },
    { method: 'GET', path: '/v6/endpoint-data/networks' },
    { method: 'GET', path: '/v7/endpoint-tests' },
  );
  return jobs;
}

/** Walks `pages` pages of a 7-day list by next links; times the first and the last page, and the same page by `page=` alone. */
async function deepPages(url: string, pages: number): Promise<string> {
  const timed = async (target: string): Promise<{ ms: number; next?: string }> => {
    const t0 = performance.now();
    const response = await request(target, { headers: { authorization: `Bearer ${TOKEN}` } });
    const body = (await response.body.json()) as { pages: { next?: string } };
    return { ms: performance.now() - t0, ...(body.pages.next ? { next: body.pages.next } : {}) };
  };
  let step = await timed(`${url}/v6/endpoint-data/user-sessions?window=7d`);
  const first = step.ms;
  let lastNext = '';
  for (let page = 2; page <= pages && step.next; page++) {
    lastNext = step.next;
    step = await timed(step.next);
  }
  const byNumber = new URL(lastNext);
  byNumber.searchParams.delete('cursor');
  const counted = await timed(byNumber.toString());
  return `7d user sessions: page 1 ${first.toFixed(1)} ms, page ${pages} by next cursor ${step.ms.toFixed(1)} ms, page ${pages} by page= alone (deprecated) ${counted.ms.toFixed(1)} ms`;
}

/** Item 3 of the hardening review: reads that once stalled the event loop for seconds each. */
function expensiveJobs(): Job[] {
  const nothing = JSON.stringify({ searchFilters: [{ key: 'agentId', values: ['no-such-agent'] }] });
  const sparse = JSON.stringify({
    searchFilters: [
      { key: 'connection', values: ['Loopback'] },
      { key: 'trigger', values: ['user'] },
    ],
  });
  return [
    { method: 'GET', path: '/v6/endpoint-data/user-sessions?window=7d&page=999999999' },
    { method: 'POST', path: '/v6/endpoint-data/user-sessions?window=7d', body: nothing },
    { method: 'GET', path: '/v6/endpoint-data/user-sessions/web?window=7d&page=20000' },
    { method: 'POST', path: '/v6/endpoint-data/network-topology?window=7d&page=50', body: sparse },
    { method: 'POST', path: '/v6/endpoint-data/user-sessions/network?window=7d', body: sparse },
  ];
}

/** p99 of a normal page from one client, alone and while four clients send expensive reads. */
async function underAbuse(url: string, folder: string): Promise<{ alone: LoadResult; abused: LoadResult }> {
  const normalFile = join(folder, 'normal.json');
  writeFileSync(normalFile, JSON.stringify([{ method: 'GET', path: LIST_PATH }]));
  const abuseFile = join(folder, 'abuse.json');
  writeFileSync(abuseFile, JSON.stringify(expensiveJobs()));
  const alone = await driveFromChild(url, normalFile, { durationMs: MEASURE_MS, concurrency: 1 });
  const [abused] = await Promise.all([
    driveFromChild(url, normalFile, { durationMs: MEASURE_MS, concurrency: 1 }),
    driveFromChild(url, abuseFile, { durationMs: MEASURE_MS, concurrency: 4 }),
  ]);
  return { alone, abused };
}

const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(0);
const line = (name: string, r: LoadResult): string =>
  `${name}: ${(r.requests / r.seconds).toFixed(0)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms (${r.requests} requests, ${r.errors} errors)`;

/** Generating the largest page HAR of six demo hours against serializing it (best of batches). */
function pageHarCost(): { entries: number; generate: number; serialize: number } {
  const group = createWorld({ seed: 11, preset: 'demo' }).group(1001);
  if (!group) throw new Error('the demo world has no group 1001');
  const now = Date.UTC(2026, 10, 18, 12) / 1000;
  let largest: { sessionId: string; pageId: string; entries: number } | undefined;
  for (const { record } of group.userSessions({ from: now - 6 * 3600, to: now })) {
    for (const page of group.userSession(record.userSessionId)?.pages ?? []) {
      const entries = group.pageHar(record.userSessionId, page.id)?.log.entries.length ?? 0;
      if (!largest || entries > largest.entries)
        largest = { sessionId: record.userSessionId, pageId: page.id, entries };
    }
  }
  if (!largest) throw new Error('no page in six demo hours');
  const { sessionId, pageId } = largest;
  const bestOf = (work: () => void): number => {
    let best = Infinity;
    for (let batch = 0; batch < 6; batch++) {
      const start = performance.now();
      for (let i = 0; i < 5; i++) work();
      best = Math.min(best, (performance.now() - start) / 5);
    }
    return best;
  };
  const har = group.pageHar(sessionId, pageId);
  return {
    entries: largest.entries,
    generate: bestOf(() => group.pageHar(sessionId, pageId)),
    serialize: bestOf(() => JSON.stringify(har)),
  };
}

async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'netmon-bench-'));
  const emulator = await startEmulator({ preset: 'large', seed: 1 });
  try {
    const sample = await request(`${emulator.url}${LIST_PATH}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const body = Buffer.from(await sample.body.arrayBuffer());
    const baseline = await startBaseline(body);
    const baselineUrl = `http://127.0.0.1:${(baseline.address() as AddressInfo).port}`;
    const listJobs = join(folder, 'list.json');
    writeFileSync(listJobs, JSON.stringify([{ method: 'GET', path: LIST_PATH }]));
    console.log(
      `large preset, ${LIST_PATH}: ${body.length} bytes per answer; concurrency ${CONCURRENCY}, ${MEASURE_MS / 1000} s each, load from a second process`,
    );
    await driveFromChild(emulator.url, listJobs, { durationMs: WARMUP_MS });
    const ours = await driveFromChild(emulator.url, listJobs, { durationMs: MEASURE_MS });
    await driveFromChild(baselineUrl, listJobs, { durationMs: WARMUP_MS });
    const bare = await driveFromChild(baselineUrl, listJobs, { durationMs: MEASURE_MS });
    baseline.close();
    console.log(line('emulator            ', ours));
    console.log(line('bare node:http      ', bare));
    console.log(await deepPages(emulator.url, 200));
    const mixedFile = join(folder, 'mixed.json');
    const jobs = await mixedJobs(emulator.url);
    writeFileSync(mixedFile, JSON.stringify(jobs));
    const mixed = await driveFromChild(emulator.url, mixedFile, { count: MIXED_REQUESTS });
    console.log(line(`mixed (${jobs.length} kinds)  `, mixed));
    (globalThis as { gc?: () => void }).gc?.();
    const memory = process.memoryUsage();
    console.log(
      `large preset RSS after ${MIXED_REQUESTS} mixed requests: ${mb(memory.rss)} MB (heap used ${mb(memory.heapUsed)} MB)`,
    );
    const { alone, abused } = await underAbuse(emulator.url, folder);
    console.log(line('normal page, 1 client            ', alone));
    console.log(line('same, beside 4 expensive clients  ', abused));
    const oursRps = ours.requests / ours.seconds;
    const bareRps = bare.requests / bare.seconds;
    const har = pageHarCost();
    console.log(
      `page HAR of ${har.entries} entries: ${har.generate.toFixed(2)} ms to generate, ${har.serialize.toFixed(2)} ms to serialize it; ratio ${(har.generate / har.serialize).toFixed(2)}`,
    );
    console.log(
      `BENCH emulator ours=${oursRps.toFixed(0)} baseline=${bareRps.toFixed(0)} ratio=${(oursRps / bareRps).toFixed(3)}` +
        ` p99_under_abuse=${abused.p99.toFixed(1)} p99_alone=${alone.p99.toFixed(1)} har_generate_ms=${har.generate.toFixed(2)} har_vs_serialize=${(har.generate / har.serialize).toFixed(2)}`,
    );
  } finally {
    await emulator.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--load') {
  loadProcessMain().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
