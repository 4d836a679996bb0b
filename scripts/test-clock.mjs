// Runs a test process at another instant: NETMON_TEST_NOW (an ISO 8601 instant) is "now" at the
// real instant NETMON_TEST_NOW_AT (epoch ms; default: when this module loads), and the clock runs
// on from there. Every process of one run (node:test's children, the CLIs they spawn) shares the
// anchor, so they agree on the time. Only the test runners read these variables
// (scripts/run-node-tests.mjs preloads this module; the extension-host entry calls shiftClock):
// nothing the product ships reads them, so no user can move the product's clock.
//
// Date itself is wrapped, not replaced by a subclass, so `instanceof Date` still holds for
// every date (node's own included) and only `Date.now()` and `new Date()` move.

import { ServerResponse } from 'node:http';

const SHIFTED = Symbol.for('netmon.testClockShifted');

/**
 * @param {string | undefined} instant
 * @param {string | undefined} anchoredAt
 */
export function shiftClock(instant, anchoredAt) {
  if (!instant || globalThis[SHIFTED]) return; // once per process: a second shift would add up
  globalThis[SHIFTED] = true;
  const target = Date.parse(instant);
  if (Number.isNaN(target)) throw new Error(`NETMON_TEST_NOW is not an ISO 8601 instant: ${instant}`);
  const RealDate = Date;
  const realNow = RealDate.now;
  const anchor = Number(anchoredAt);
  const offset = target - (Number.isFinite(anchor) && anchor > 0 ? anchor : realNow());
  const now = () => realNow() + offset;
  const ShiftedDate = new Proxy(RealDate, {
    construct: (real, args, newTarget) => Reflect.construct(real, args.length === 0 ? [now()] : args, newTarget),
    apply: () => new RealDate(now()).toString(),
  });
  RealDate.now = now;
  globalThis.Date = ShiftedDate;
  dateHeadersFrom(now);
}

/** node:http writes `date` from its own (unmoved) clock: a test server would contradict its own Reset headers. */
function dateHeadersFrom(now) {
  const writeHead = ServerResponse.prototype.writeHead;
  ServerResponse.prototype.writeHead = function writeHeadAtTestNow(...args) {
    if (this.sendDate && !this.hasHeader('date') && !this.headersSent)
      this.setHeader('date', new Date(now()).toUTCString());
    return writeHead.apply(this, args);
  };
}

shiftClock(process.env.NETMON_TEST_NOW, process.env.NETMON_TEST_NOW_AT);
