// An API test round's steps: the first failing step explains the round (with its assertion
// errors and its share of the transaction time), else the slowest; steps keep their order, a
// step's name from the service is made one line, and a round without steps says so.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiRoundSteps } from '../../../src/analysis/results/api-steps';
import { apiStepsHeadline, apiStepsLines } from '../../../src/analysis/results/api-steps-text';
import type { ApiStep, ApiTestDetail } from '../../../src/api/types';

const round = (requests: ApiStep[], extra: Partial<ApiTestDetail> = {}): ApiTestDetail => ({
  agentId: '7',
  agentName: 'Frankfurt',
  roundId: 1_764_000_000,
  apiTransactionTime: 1900,
  completion: 67,
  requests,
  ...extra,
});

describe('steps of an API test round', () => {
  test('the failing step is named with its assertion errors and its share of the transaction time', () => {
    const steps = apiRoundSteps(
      round([
        { stepNumber: 1, name: 'GET /token', stepTime: 300, completion: 100, assertErrorCount: 0 },
        { stepNumber: 2, name: 'GET /items', stepTime: 400, completion: 100 },
        {
          stepNumber: 3,
          name: 'POST /login',
          stepTime: 1200,
          completion: 0,
          assertErrorCount: 2,
          assertions: [
            { step: 1, hasFailed: true },
            { step: 2, hasFailed: true },
          ],
        },
      ]),
    );
    assert.deepEqual(steps.culprit, { stepNumber: 3, why: 'failed' });
    assert.deepEqual(
      steps.steps.map((s) => [s.stepNumber, s.failed]),
      [
        [1, false],
        [2, false],
        [3, true],
      ],
    );
    assert.equal(apiStepsHeadline(steps), "step 3 'POST /login' failed: 2 assertion errors; 1.2 s of 1.9 s");
    const lines = apiStepsLines(steps);
    assert.equal(
      lines[0],
      "API steps of Frankfurt (round 2025-11-24 16:00 UTC): step 3 'POST /login' failed: 2 assertion errors; 1.2 s of 1.9 s",
    );
    assert.equal(lines[3], '   3. FAILED POST /login    1.2 s  2 assertion errors');
  });

  test('without a failing step the slowest is named; a failed assertion counts though the count says 0', () => {
    const ok = apiRoundSteps(
      round(
        [
          { stepNumber: 1, name: 'a', stepTime: 80 },
          { stepNumber: 2, name: 'b', apiCallTime: 640 },
        ],
        { apiTransactionTime: 720, completion: 100 },
      ),
    );
    assert.equal(apiStepsHeadline(ok), "slowest step 2 'b': 640 ms of 720 ms");
    const hidden = apiRoundSteps(
      round([
        { stepNumber: 1, name: 'a', stepTime: 80, assertErrorCount: 0, assertions: [{ step: 1, hasFailed: true }] },
      ]),
    );
    assert.equal(apiStepsHeadline(hidden), "step 1 'a' failed: 1 assertion error; 80 ms of 1.9 s");
  });

  test("a step's name from the service is one line; a round without steps says so", () => {
    const odd = apiRoundSteps(
      round([{ stepNumber: 1, name: 'evil\nname\u001b[31m', stepTime: 5, errorDetails: 'Connection reset' }]),
    );
    const shown = apiStepsLines(odd).join('\n');
    assert.ok(!shown.includes('\u001b') && !shown.includes('evil\nname'), shown);
    assert.match(apiStepsHeadline(odd), /failed: Connection reset; 5 ms of 1\.9 s$/);
    assert.equal(apiStepsHeadline(apiRoundSteps(round([]))), 'no steps in this round');
  });

  test("a round that failed names its first step with the round's error, without a share of no time", () => {
    const down = apiRoundSteps(
      round([{ stepNumber: 1, name: 'GET /status', stepTime: 0, completion: 0, assertErrorCount: 0 }], {
        apiTransactionTime: 0,
        completion: 0,
        errorDetails: 'Connection timed out',
      }),
    );
    assert.equal(apiStepsHeadline(down), "step 1 'GET /status' failed: Connection timed out");
  });
});
