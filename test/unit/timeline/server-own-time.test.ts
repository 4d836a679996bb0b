// The timeline grades the server on its own time, as the session verdict does: a page's first byte
// less the round trips its connection needed at its session's own round trip to the target. A slow
// but normal path is never "the server".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EPISODE, agentRecords, timelineOf } from './fixtures';

type Page = { date: string; responseTime: number };
type Detail = { network: { ping: { avgRtt: number; minRtt: number; maxRtt: number }; connect: { rtt: number } } };

/** Every session's path at 250 ms (the agent's normal), first bytes of 1.1 s inside the episode. */
function slowPathRecords() {
  const records = agentRecords('server');
  for (const detail of records.details as Detail[]) {
    detail.network.ping = { ...detail.network.ping, avgRtt: 250, minRtt: 240, maxRtt: 270 };
    detail.network.connect = { rtt: 252 };
  }
  for (const page of records.pages as Page[]) {
    const t = Date.parse(`${page.date.replace(' ', 'T')}Z`);
    page.responseTime = t >= EPISODE.fromMs && t < EPISODE.toMs ? 1100 : 1060;
  }
  return records;
}

test('a 1.1 s first byte over a 250 ms path (about 4 round trips) is not blamed on the server', () => {
  const { verdict } = timelineOf(slowPathRecords());
  assert.equal(verdict.periods.length, 1, 'the poor sessions still make one period');
  for (const period of verdict.periods) {
    assert.notEqual(period.segment, 'server', period.line);
    const server = period.evidence.find((e) => e.segment === 'server');
    // 1100 − 4 × 250 = 100 ms of the server's own time: well under any limit.
    assert.match(server?.text ?? '', /^server time about 100 ms median/);
    assert.equal(server?.grade, 'ok');
  }
});

test('without a round trip to the target the first byte is graded raw and says so', () => {
  const records = agentRecords('server');
  for (const detail of records.details as { network: Record<string, unknown> }[]) {
    delete detail.network.ping;
    delete detail.network.connect;
  }
  const { verdict } = timelineOf(records);
  const server = verdict.periods[0]?.evidence.find((e) => e.segment === 'server');
  assert.match(server?.text ?? '', /^first byte after 3800 ms median.*the network's share not taken off/);
  assert.equal(verdict.periods[0]?.segment, 'server');
});
