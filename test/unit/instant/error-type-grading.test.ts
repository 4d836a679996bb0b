// The HTTP error type graded as each dialect's schema spells it: v7's endpoint enum is lower case
// (`none` is no error), v6 writes `None`. v7 users once saw every healthy agent read "failing"
// because only `None` was taken for no error. The values are written out here from the vendor's
// documents, not read from our code, so a change in ours cannot quietly move the goalposts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { instantRows } from '../../../src/analysis/instant/results';
import { httpServerSummary } from '../../../src/analysis/records/summaries';
import { resultHealth } from '../../../src/analysis/results/health';
import type { HttpServerResult } from '../../../src/api/types';

/** /work/shared/api-v7/thousandeyes.yaml, `Endpoint_Test_Results_API_HttpErrorType` (the enum's order). */
const V7_ENUM = ['connect', 'dns', 'http', 'none', 'send', 'ssl', 'receive'] as const;
/**
 * /work/shared/API_SPEC.md documents only `None` ("value None when none") for the HTTP server record.
 * The failing values are the phases of connection it speaks of, capitalised as v6 capitalises `None`.
 */
const V6_VALUES = ['None', 'DNS', 'Connect', 'SSL', 'Send', 'Receive', 'HTTP'] as const;
const NO_ERROR: Record<'v6' | 'v7', string> = { v6: 'None', v7: 'none' };
/** Not any schema's spelling: read as the error they name rather than guessed at. */
const NOT_THE_SCHEMAS = ['NONE', 'None ', ' none', 'nOne'];

/** A healthy-looking round (200, quick phases) that differs only in its errorType. */
function round(errorType: string): Partial<HttpServerResult> {
  return {
    agentId: 'a-1',
    roundId: 1,
    responseCode: 200,
    dnsTime: 5,
    connectTime: 20,
    sslTime: 30,
    waitTime: 100,
    receiveTime: 10,
    totalTime: 165,
    errorType,
    errorDetails: 'Could not resolve host',
  };
}

const rowOf = (errorType: string) => instantRows('http-server', [round(errorType)], () => 'LAPTOP-ANNA')[0];

for (const [dialect, values] of [
  ['v6', V6_VALUES],
  ['v7', V7_ENUM],
] as const) {
  for (const errorType of values) {
    const noError = errorType === NO_ERROR[dialect];
    const reads = noError ? 'ok' : 'failing, the error named';
    test(`${dialect} errorType ${JSON.stringify(errorType)} reads ${reads}`, () => {
      const row = rowOf(errorType);
      if (noError) {
        assert.equal(row?.grade, 'ok');
        assert.equal(row?.error, undefined, 'no error text: the leftover detail is not an error');
      } else {
        assert.equal(row?.grade, 'bad');
        assert.equal(row?.error, `${errorType}: Could not resolve host`);
      }
    });
  }
}

test("the vendor's own example, v7 `connect`, reads failing", () => {
  assert.equal(rowOf('connect')?.grade, 'bad');
});

test('a spelling no schema has reads failing: the compare is case-exact', () => {
  for (const errorType of NOT_THE_SCHEMAS) assert.equal(rowOf(errorType)?.grade, 'bad', JSON.stringify(errorType));
});

test('no errorType at all is no error (the field is optional in both dialects)', () => {
  const absent = { ...round(''), errorType: undefined };
  const rows = instantRows('http-server', [absent, { ...round(''), agentId: 'a-2' }], () => undefined);
  assert.deepEqual(
    rows.map((r) => [r.grade, r.error]),
    [
      ['ok', undefined],
      ['ok', undefined],
    ],
  );
});

test('the record summaries and the results health read the same spellings as the instant rows', () => {
  for (const errorType of [...V6_VALUES, ...V7_ENUM, ...NOT_THE_SCHEMAS]) {
    const failing = rowOf(errorType)?.grade === 'bad';
    assert.equal(httpServerSummary(round(errorType) as HttpServerResult).warning, failing, `summary of ${errorType}`);
    // A DNS server round fails on its error alone (no response code to go by), so it shows the error word's weight.
    const dnsRound = { agentId: 'a-1', roundId: 1, errorType, errorDetails: 'leftover' };
    const health = resultHealth('dns-server', dnsRound as never);
    assert.equal(health.health === 'failing', failing, `health of ${errorType}`);
  }
});
