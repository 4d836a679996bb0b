// The v7 emulator judges a path-trace rule on the route's summary (`numberOfHops`, as the path-vis
// list serves it) per round. What the world's episodes do to the number of hops, from their
// definition (src/emulator/world/path-episodes.ts, enterprise-results.ts; emulator README "Seeded
// path episodes"): a deployed test's route is the agent's access hops (1 or 2), the shared transit
// (4 routers) and the server — 6 or 7 hops. A route change swaps the 4 transit routers for another
// carrier's at the same positions: the number of hops does not change, so a rule on it never fires
// there. In a loss episode every round has at least one sharing traversal that stops at the lossy
// router (the second or third transit one): 3 to 5 hops. So `numberOfHops <= 5`, 1 of 1 rounds from
// one agent, fires on the loss test once a day, from the episode's first round to its end, and never
// on the route change test. Tests of 4 agents: every agent takes the shared route.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Alert, AlertRuleFields, EnterpriseTest } from '../../../src/api/types';
import type { PathEpisode } from '../../../src/emulator';
import { DAY, RULE_NOW, startRuleWorld, type V7World } from '../alerts-world';

const at = (iso: string | undefined): number | undefined => (iso === undefined ? undefined : Date.parse(iso) / 1000);
/** The longest cut route (2 access hops, the third transit router) is shorter than the shortest whole one (1 + 4 + 1). */
const CUT_ROUTE_HOPS = 5;

describe('v7 alerts of a path-trace rule on numberOfHops, as the seeded episodes say', () => {
  let world: V7World;
  let lossTest: EnterpriseTest;
  let routeTest: EnterpriseTest;
  let episodes: PathEpisode[] = [];
  const now = RULE_NOW;

  before(async () => {
    world = await startRuleWorld(async ({ client, agents }) => {
      for (const [testName, server] of [
        ['Mail from the branch', 'outlook.office365.com'],
        ['Calls from the branch', 'zoom.us'],
      ] as const)
        await client.createTest('agent-to-server', { testName, interval: 300, agents: agents(4), server, port: 443 });
    });
    episodes = world.group.pathEpisodes(now - 8 * DAY, now);
    const deployed = await world.client.listEnterpriseTests();
    lossTest = deployed.find((t) => t.testId % 2 === 1)!;
    routeTest = deployed.find((t) => t.testId % 2 === 0)!;
  });
  after(() => world.close());

  const inRange = (e: PathEpisode): boolean => e.endSeconds > now - 7 * DAY && e.startSeconds <= now;

  async function alertsOf(expression: string): Promise<Alert[]> {
    const rule: AlertRuleFields = {
      ruleName: `Route summary: ${expression}`,
      expression,
      alertType: 'path-trace',
      roundsViolatingMode: 'any',
      roundsViolatingRequired: 1,
      roundsViolatingOutOf: 1,
      minimumSources: 1,
      severity: 'minor',
      testIds: [String(lossTest.testId), String(routeTest.testId)],
    };
    const created = await world.client.createAlertRule(rule);
    const all = (await world.client.alerts({ window: '7d' }).collect({ maxRecords: 5000 })).records;
    return all.filter((a) => a.ruleId === created.ruleId);
  }

  test('a cut route (numberOfHops <= 5) fires on each loss episode, never on the route change', async () => {
    const days = episodes.filter((e) => e.kind === 'lossEpisode' && inRange(e));
    assert.ok(days.length >= 7, `${days.length} loss days`);
    const changes = episodes.filter((e) => e.kind === 'routeChange' && inRange(e));
    assert.ok(changes.length >= 7, `${changes.length} route changes`);
    const fired = await alertsOf(`((numberOfHops <= ${CUT_ROUTE_HOPS}))`);
    assert.deepEqual(
      fired.filter((a) => a.testId === String(lossTest.testId)).map((a) => [at(a.startDate), at(a.endDate)]),
      days.map((e) => [e.startSeconds, e.endSeconds]),
    );
    assert.deepEqual(
      fired.filter((a) => a.testId === String(routeTest.testId)),
      [],
      'a route change keeps the number of hops',
    );
  });

  test('one hop fewer than the shortest cut route (numberOfHops < 3) never fires', async () => {
    assert.deepEqual(await alertsOf('((numberOfHops < 3))'), []);
  });
});
