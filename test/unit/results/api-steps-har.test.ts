// An API test's round as the waterfall draws it: the HAR made of its steps, read back by the
// waterfall's own reader — one row per step in order, each starting where the steps before it
// ended, its phases as the service measured them, the failing step "(failed)" with its
// assertion errors, and what a service may send instead (text numbers, its own start, status
// and method, no phases at all) read tolerantly; at most 100 steps.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readHar, statusClass } from '../../../src/analysis/har';
import { apiRoundHar } from '../../../src/analysis/results/api-steps-har';
import { MAX_API_STEPS } from '../../../src/api/types';
import type { ApiStep, ApiTestDetail } from '../../../src/api/types';

const ROUND = 1_764_000_000;
const round = (requests: ApiStep[], extra: Partial<ApiTestDetail> = {}): ApiTestDetail => ({
  agentId: '7',
  agentName: 'Frankfurt',
  roundId: ROUND,
  apiTransactionTime: 1900,
  completion: 67,
  requests,
  ...extra,
});
const phases = (dns: number, connect: number, send: number, wait: number, receive: number) => ({
  blockedTime: 0,
  dnsTime: dns,
  connectTime: connect,
  sendTime: send,
  waitTime: wait,
  receiveTime: receive,
});

describe('an API test round as a HAR for the waterfall', () => {
  test('one row per step in order, each starting after the one before it (call and processing), with its phases; the failing step marked', () => {
    const har = apiRoundHar(
      round([
        {
          stepNumber: 1,
          name: 'GET /token',
          url: 'https://api.example.com/token',
          ...phases(12, 30, 2, 200, 6),
          apiCallTime: 250,
          stepTime: 260,
          completion: 100,
          assertErrorCount: 0,
        },
        {
          stepNumber: 2,
          name: 'POST /login',
          url: 'https://api.example.com/login',
          ...phases(0, 30, 4, 900, 16),
          apiCallTime: 950,
          stepTime: 1000,
          completion: 0,
          assertErrorCount: 2,
          assertions: [
            { step: 1, hasFailed: true },
            { step: 2, hasFailed: true },
          ],
        },
        {
          stepNumber: 3,
          name: 'GET /items',
          url: 'https://api.example.com/items?page=1',
          ...phases(0, 30, 1, 500, 9),
          apiCallTime: 540,
          stepTime: 640,
          completion: 100,
        },
      ]),
      {
        testName: 'Shop API',
        definedRequests: [
          { name: 'GET /token', method: 'get' },
          { name: 'POST /login', method: 'post' },
          { name: 'GET /items' },
        ],
      },
    );
    const doc = readHar(har);
    assert.deepEqual(doc.warnings, []);
    assert.deepEqual(
      doc.pages.map((p) => [p.title, p.startMs]),
      [['Shop API · Frankfurt · 2025-11-24 16:00 UTC', ROUND * 1000]],
    );
    assert.deepEqual(
      doc.entries.map((e) => [e.method, e.name, e.startMs - ROUND * 1000, e.totalMs]),
      [
        ['GET', 'token', 0, 250],
        ['POST', 'login', 260, 950],
        ['GET', 'items?page=1', 1260, 540],
      ],
    );
    assert.deepEqual(doc.entries[1]?.phases, {
      blocked: 0,
      dns: 0,
      connect: 30,
      ssl: 0,
      send: 4,
      wait: 900,
      receive: 16,
    });
    assert.deepEqual(
      doc.entries.map((e) => [e.status, statusClass(e.status)]),
      [
        [200, '2xx'],
        [0, 'failed'],
        [200, '2xx'],
      ],
    );
    assert.equal(doc.entries[0]?.statusText, 'passed its assertions (no status code reported)');
    assert.deepEqual(
      doc.entries.map((e) => e.error),
      ['', '2 assertion errors', ''],
      'the waterfall says why the step failed',
    );
    const failing = har.log.entries[1];
    assert.equal(failing?.response['_error'], '2 assertion errors');
    assert.equal(failing?.comment, "step 2 'POST /login' failed: 2 assertion errors");
    assert.equal(har.log.entries[0]?.comment, "step 1 'GET /token'");
  });

  test('what a service may send instead: its own start, status and method, numbers as text, a step without phases drawn as one wait', () => {
    const har = apiRoundHar(
      round([
        {
          stepNumber: 1,
          name: 'a',
          url: 'https://a.example/x',
          startTime: ROUND + 5,
          statusCode: '404',
          method: 'delete',
          apiCallTime: '120' as unknown as number,
          completion: 0,
          assertErrorCount: 1,
        },
        { stepNumber: 2, stepTime: 80 },
        {
          stepNumber: 3,
          name: 'c',
          startedDateTime: '2025-11-24T16:00:09.000Z',
          responseCode: 201,
          dnsTime: -1,
          waitTime: 40,
          receiveTime: 2,
        },
      ]),
      {
        testName: 'T',
        definedRequests: [{ name: 'c', method: 'put' }, { method: 'patch' }, { name: 'a', method: 'post' }],
      },
    );
    const doc = readHar(har);
    // The step's own method first, then the defined request of its name; by place only for a step the service sent unnamed.
    assert.deepEqual(
      doc.entries.map((e) => [e.method, e.status, e.startMs - ROUND * 1000, e.totalMs, e.phases.wait]),
      [
        ['DELETE', 404, 5000, 120, 120],
        ['PATCH', 200, 5120, 80, 80],
        ['PUT', 201, 9000, 42, 40],
      ],
    );
    assert.equal(
      har.log.entries[0]?.response['_error'],
      '1 assertion error',
      'a 4xx the service sent is kept, and the assertion said why',
    );
    assert.equal(har.log.entries[1]?.request.url, '', 'a step without its URL');
    assert.equal(har.log.entries[1]?.comment, "step 2 'step 2'");
  });

  test("a round that failed marks its step with the round's error, made one line; a name from the service cannot break the title or the comment", () => {
    const har = apiRoundHar(
      round(
        [
          {
            stepNumber: 1,
            name: 'evil\nname\u001b[31m',
            url: 'https://x.example/',
            apiCallTime: 0,
            stepTime: 0,
            completion: 0,
            assertErrorCount: 0,
          },
        ],
        { errorDetails: 'Connection\ntimed out', agentName: 'Agent [x](command:y)' },
      ),
      { testName: 'Shop\u0007 API' },
    );
    const doc = readHar(har);
    assert.deepEqual(
      doc.entries.map((e) => [e.status, e.totalMs]),
      [[0, 0]],
    );
    assert.equal(har.log.entries[0]?.response['_error'], 'Connection timed out');
    const comment = har.log.entries[0]?.comment ?? '';
    const title = doc.pages[0]?.title ?? '';
    assert.ok(
      !['\n', '\u0007', '\u001b'].some((c) => comment.includes(c) || title.includes(c)) && !title.includes(']('),
      `${comment} | ${title}`,
    );
  });

  test('at most 100 steps; a round without steps is an empty waterfall of its page', () => {
    const many = Array.from({ length: 150 }, (_, i): ApiStep => ({
      stepNumber: i + 1,
      name: `s${i + 1}`,
      stepTime: 10,
    }));
    const doc = readHar(apiRoundHar(round(many), { testName: 'T' }));
    assert.equal(doc.entries.length, MAX_API_STEPS);
    assert.equal(doc.entries.at(-1)!.startMs - ROUND * 1000, 990);
    const empty = readHar(apiRoundHar(round([]), { testName: 'T' }));
    assert.deepEqual([empty.pages.length, empty.entries.length, empty.warnings], [1, 0, []]);
  });
});
