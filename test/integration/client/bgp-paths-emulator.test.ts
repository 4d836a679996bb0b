// A BGP test's AS paths on the round of the emulator's seeded route change, through the
// client over loopback HTTP: a BGP test takes one of the group's two seeded transits, so of
// two BGP tests one sees every monitor's route move to the other carrier in the round the
// change begins (the transit's AS left, the other carrier's joined, the old route beneath
// each) and the other sees no route change; the text says both.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createNetmonClient, type NetmonClient } from '../../../src/api';
import { readResultsSummary } from '../../../src/analysis/results/read';
import { resultsText } from '../../../src/analysis/results/text';
import type { EnterpriseTest, EnterpriseTestCreate } from '../../../src/api/types';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';

const DAY = Math.floor(Date.UTC(2026, 10, 20) / 1000);

describe("AS paths of BGP tests on the emulator's seeded route change", () => {
  let emulator: RunningEmulator;
  let client: NetmonClient;
  let clock = DAY;
  let start = 0;
  const tests: EnterpriseTest[] = [];

  before(async () => {
    emulator = await startEmulator({ api: 'v7', now: () => clock * 1000 });
    const group = emulator.world.group(emulator.world.accountGroups[0]?.aid ?? 0);
    const change = group?.pathEpisodes(DAY, DAY + 86_400).find((episode) => episode.kind === 'routeChange');
    assert.ok(change);
    start = change.startSeconds;
    clock = start - 3600;
    client = createNetmonClient({
      baseUrl: emulator.url,
      apiVersion: 'v7',
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
    });
    for (const name of ['Prefix A', 'Prefix B'])
      tests.push(
        await client.createTest('bgp', {
          testName: name,
          interval: 300,
          prefix: '198.51.100.0/24',
        } as EnterpriseTestCreate),
      );
    // A minute into the round the change begins in: that round is the newest.
    clock = start + 60;
  });
  after(async () => {
    await client.close();
    await emulator.close();
  });

  test("one test sees every monitor's route change in the newest round, the other none", async () => {
    const summaries = await Promise.all(tests.map((t) => readResultsSummary(client, t, { window: '30m' })));
    const reports = summaries.map((s) => s.bgpPaths?.[0]);
    assert.ok(
      reports.every(
        (r) => r?.roundId === start && r.previousRoundId === start - 300 && r.monitors.length === 8 && r.reached === 8,
      ),
      JSON.stringify(reports.map((r) => [r?.roundId, r?.previousRoundId])),
    );
    const moved = reports.find((r) => (r?.changed ?? 0) > 0);
    const still = reports.find((r) => r?.changed === 0);
    assert.ok(moved && still, `changed: ${reports.map((r) => r?.changed).join(', ')}`);
    // A monitor on the new carrier itself has no transit AS of its own to change.
    assert.ok(
      moved.changed >= 6 &&
        moved.monitors.filter((m) => m.change === 'changed').every((m) => m.previous && m.previous.length >= 2),
    );
    assert.equal(moved.left.length, 1, 'the old transit left');
    assert.equal(moved.joined.length, 1, 'the other carrier joined');
    assert.ok(
      moved.monitors
        .filter((m) => m.change === 'changed')
        .every(
          (m) =>
            m.path.some((hop) => hop.asn === moved.joined[0]?.asn) &&
            m.previous?.some((hop) => hop.asn === moved.left[0]?.asn),
        ),
    );
    assert.ok(still.monitors.every((m) => m.change === 'same'));
    const text = resultsText(summaries[reports.indexOf(moved)]!);
    assert.match(
      text,
      new RegExp(
        `: 8 of 8 monitors reach 198\\.51\\.100\\.0/24; ${moved.changed} routes changed \\(AS ${moved.left[0]?.asn} .+ left; AS ${moved.joined[0]?.asn} .+ joined\\)\\n`,
      ),
    );
    assert.match(text, /\n {2}CHANGED {5}.+ 100% {2}AS \d+ .+\n {20,}was AS \d+ /);
    assert.match(
      resultsText(summaries[reports.indexOf(still)]!),
      /: 8 of 8 monitors reach 198\.51\.100\.0\/24; no route changed\n/,
    );
  });
});
