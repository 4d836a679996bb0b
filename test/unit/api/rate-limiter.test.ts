// The organization limiter's admission rules, with real (short) windows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  correctForClockSkew,
  OrganizationRateLimiter,
  readRateLimitHeaders,
  type RateLimitPermit,
} from '../../../src/api/rate-limiter';

const windowEndingIn = (ms: number, remaining: number, limit = 10) => ({
  limit,
  remaining,
  resetEpochSeconds: (Date.now() + ms) / 1000,
});

/** Acquires without awaiting; `granted` lists permits in the order they were given. */
function contenders(
  limiter: OrganizationRateLimiter,
  count: number,
): { granted: RateLimitPermit[]; all: Promise<RateLimitPermit[]> } {
  const granted: RateLimitPermit[] = [];
  const all = Promise.all(
    Array.from({ length: count }, () =>
      limiter.acquire().then((permit) => {
        granted.push(permit);
        return permit;
      }),
    ),
  );
  return { granted, all };
}

const tick = (ms = 5): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

test('until the server has told its budget, one request at a time', async () => {
  const limiter = new OrganizationRateLimiter();
  const { granted } = contenders(limiter, 3);
  await tick();
  assert.equal(granted.length, 1);
  granted[0]?.complete({ status: 200, info: windowEndingIn(1000, 5) });
  await tick();
  assert.equal(granted.length, 3, 'the budget then admits the others at once');
});

test('requests in flight count against Remaining; the rest wait for Reset, then one probe goes first', async () => {
  const limiter = new OrganizationRateLimiter();
  const first = await limiter.acquire();
  first.complete({ status: 200, info: windowEndingIn(300, 2) });
  const { granted, all } = contenders(limiter, 4);
  await tick();
  assert.equal(granted.length, 2, 'Remaining 2 admits two');
  for (const permit of granted.slice(0, 2)) permit.complete({ status: 200, info: { ...limiter.info!, remaining: 0 } });
  await tick(100);
  assert.equal(granted.length, 2, 'exhausted: wait for Reset');
  await tick(300);
  assert.equal(granted.length, 3, 'after Reset a single probe');
  granted[2]?.complete({ status: 200, info: windowEndingIn(1000, 9) });
  await all;
  assert.ok((granted[3]?.waitedMs ?? 0) >= 250);
});

test('a 429 blocks everyone until its Reset', async () => {
  const limiter = new OrganizationRateLimiter();
  const permit = await limiter.acquire();
  permit.complete({ status: 429, info: windowEndingIn(250, 0) });
  const started = Date.now();
  const next = await limiter.acquire();
  assert.ok(Date.now() - started >= 200);
  next.complete({ status: 200, info: windowEndingIn(1000, 9) });
});

test('a server without rate-limit headers is not limited', async () => {
  const limiter = new OrganizationRateLimiter();
  (await limiter.acquire()).complete({ status: 200, info: undefined });
  const { granted } = contenders(limiter, 20);
  await tick();
  assert.equal(granted.length, 20);
});

test('a failed attempt (no response) teaches nothing and frees its slot', async () => {
  const limiter = new OrganizationRateLimiter();
  (await limiter.acquire()).complete({ status: undefined, info: undefined });
  const { granted } = contenders(limiter, 2);
  await tick();
  assert.equal(granted.length, 1, 'still unknown: one at a time');
});

test('aborting a waiting request rejects it with the signal reason', async () => {
  const limiter = new OrganizationRateLimiter();
  (await limiter.acquire()).complete({ status: 200, info: windowEndingIn(2000, 0) });
  const controller = new AbortController();
  const waiting = limiter.acquire(controller.signal);
  controller.abort(new Error('user cancelled'));
  await assert.rejects(waiting, /user cancelled/);
});

test('headers are read only when all three are numeric', () => {
  assert.deepEqual(
    readRateLimitHeaders({
      'x-organization-rate-limit-limit': '240',
      'x-organization-rate-limit-remaining': '17',
      'x-organization-rate-limit-reset': '1800000000',
    }),
    { limit: 240, remaining: 17, resetEpochSeconds: 1_800_000_000 },
  );
  assert.equal(readRateLimitHeaders({ 'x-organization-rate-limit-limit': '240' }), undefined);
  assert.equal(
    readRateLimitHeaders({
      'x-organization-rate-limit-limit': 'x',
      'x-organization-rate-limit-remaining': '1',
      'x-organization-rate-limit-reset': '1',
    }),
    undefined,
  );
});

test('a server clock that is off by more than the Date header resolution is corrected', () => {
  const info = { limit: 10, remaining: 0, resetEpochSeconds: 1_800_000_060 };
  const localNow = 1_800_000_000_000;
  const behind = correctForClockSkew(info, new Date(localNow - 30_000).toUTCString(), localNow);
  assert.equal(behind.resetLocalMs, 1_800_000_090_000, 'server 30 s behind: its reset comes 30 s later on our clock');
  assert.equal(behind.resetEpochSeconds, info.resetEpochSeconds, "the server's Reset still names the window");
  assert.equal(
    correctForClockSkew(info, new Date(localNow - 900).toUTCString(), localNow),
    info,
    'sub-second truncation is not skew',
  );
  assert.equal(correctForClockSkew(info, undefined, localNow), info);
});

test('a Reset that passes between the admission check and the wake-up still admits the waiter', async () => {
  // The clock moves 1 ms per reading, so for one of these offsets Reset falls exactly
  // between the moment a request is told to wait and the moment its wake-up is planned.
  for (let offsetMs = 0; offsetMs < 12; offsetMs += 1) {
    let clockMs = 1_800_000_000_000;
    const limiter = new OrganizationRateLimiter(() => clockMs++);
    const resetMs = clockMs + offsetMs;
    (await limiter.acquire()).complete({
      status: 200,
      info: { limit: 10, remaining: 0, resetEpochSeconds: (resetMs - 30) / 1000 },
    });
    const next = limiter.acquire();
    const outcome = await Promise.race([next.then(() => 'admitted'), tick(200).then(() => 'stuck')]);
    assert.equal(outcome, 'admitted', `offset ${offsetMs} ms`);
    (await next).complete({ status: 200, info: undefined });
  }
});

test('answers of one window that disagree on its local reset time (Date has 1 s resolution) never raise Remaining', async () => {
  const limiter = new OrganizationRateLimiter();
  const resetEpochSeconds = Math.floor(Date.now() / 1000) + 60;
  (await limiter.acquire()).complete({
    status: 200,
    info: { limit: 10, remaining: 5, resetEpochSeconds, resetLocalMs: resetEpochSeconds * 1000 + 100 },
  });
  // An older answer of the same window, processed later, whose local reset looks later.
  (await limiter.acquire()).complete({
    status: 200,
    info: { limit: 10, remaining: 8, resetEpochSeconds, resetLocalMs: resetEpochSeconds * 1000 + 900 },
  });
  assert.equal(limiter.info?.remaining, 5);
  assert.equal(
    limiter.info?.resetLocalMs,
    resetEpochSeconds * 1000 + 900,
    'the later local reset is kept: waiting longer is the safe side',
  );
});

test('a Reset weeks away (a server clock gone wrong) keeps waiters waiting without spinning: no timer overflows to 1 ms', async () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error): void => void warnings.push(warning.name);
  process.on('warning', onWarning);
  try {
    const limiter = new OrganizationRateLimiter();
    const first = await limiter.acquire();
    first.complete({ status: 200, info: windowEndingIn(40 * 86_400_000, 0) });
    const abort = new AbortController();
    const waiting = limiter.acquire(abort.signal);
    await tick(50);
    abort.abort();
    await assert.rejects(waiting);
    await tick();
    assert.deepEqual(
      warnings.filter((name) => name === 'TimeoutOverflowWarning'),
      [],
      'node fires an overflowing timer after 1 ms, over and over',
    );
  } finally {
    process.off('warning', onWarning);
  }
});
