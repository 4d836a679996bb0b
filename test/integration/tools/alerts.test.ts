// list_alerts and explain_alert against the emulator's v7 world over loopback HTTP, followed as
// an agent follows the answers: two network tests are deployed two days before a seeded loss
// episode of 10 % or more; twenty minutes into it, list_alerts puts the episode's loss alert
// first and names the call to explain it, explain_alert names the hop where the loss starts and
// the call for the rounds after, and that call answers them. Names from the API stay inside the
// fence; a v6 account is told in one sentence that alerts need v7.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { NetmonClient } from '../../../src/api';
import { type PathEpisode, type RunningEmulator } from '../../../src/emulator';
import { ALERT_TESTS, startAlertWorld } from '../alerts-world';
import { callTool } from '../../../src/tools/catalogue';
import { FENCE_OPEN } from '../../../src/tools/fence';
import type { ToolContext } from '../../../src/tools/types';
import { toolWorld } from './context';

interface Next {
  tool: string;
  args: Record<string, unknown>;
}

/** The lines before the fence: Netmon's own words only. */
const header = (text: string): string => text.slice(0, Math.max(0, text.indexOf(FENCE_OPEN)));

describe('list_alerts → explain_alert (v7 emulator)', () => {
  let emulator: RunningEmulator;
  let client: NetmonClient;
  let ctx: ToolContext;
  let loss: PathEpisode;
  const testNames: readonly string[] = ALERT_TESTS;

  before(async () => {
    const world = await startAlertWorld();
    ({ emulator, client, loss } = world);
    const account = { client, serviceKey: 'demo', aidKey: '1001', requestAid: undefined, label: 'the emulator' };
    ctx = {
      account: { ...account, close: () => Promise.resolve() },
      cwd: process.cwd(),
      allowWrites: false,
      now: world.now,
    };
  });
  after(async () => {
    await client.close();
    await emulator.close();
  });

  test('the active loss alert first, explained down to its hop, then the rounds after it, following the answers', async () => {
    const listed = await callTool('list_alerts', { window: '3d' }, ctx);
    assert.equal(listed.isError, false, listed.text);
    assert.match(
      listed.text,
      /^Alerts of the last 3d: \d+, [12] active\.\nExplain one with explain_alert and its alertId/,
    );
    const alerts = listed.data['alerts'] as { alertId: string; active: boolean; rule: string; test: string }[];
    assert.ok(alerts.length >= 3);
    assert.equal(alerts[0]?.active, true);
    assert.equal(alerts[0]?.rule, 'Default Network Loss', 'active and major first');
    assert.ok(testNames.includes(alerts[0].test));
    for (const name of ['Default Network Loss', ...testNames])
      assert.ok(!header(listed.text).includes(name), `${name} only inside the fence`);

    const next = listed.data['next'] as Next;
    assert.deepEqual(next, { tool: 'explain_alert', args: { alertId: alerts[0].alertId } });
    const explained = await callTool(next.tool, next.args, ctx);
    assert.equal(explained.isError, false, explained.text);
    const hop = String(loss.detail['hopAddress']);
    assert.match(
      explained.text,
      /^Alert [0-9a-f-]{36}: active since .* UTC; 4 sources; path: 3 rounds from .* UTC: [1-9] loss findings? \(confident\)/,
    );
    assert.match(explained.text, new RegExp(`lose packets after ${hop.replace(/\./g, '\\.')}`));
    assert.ok(!header(explained.text).includes(hop), 'the hop only inside the fence');
    assert.match(explained.text, /\nsource [A-Z][a-z]+.*: Loss: \d+%/);
    const path = explained.data['path'] as { rounds: number[]; loss: { ip?: string; confident: boolean }[] };
    assert.ok(
      path.loss.some((f) => f.ip === hop && f.confident),
      JSON.stringify(path),
    );
    assert.equal(explained.data['ruleExpression'], '((loss >= 5%))');

    // The round passed on as a number, though the tool declares it text.
    const later = explained.data['next'] as Next;
    assert.equal(later.tool, 'explain_alert');
    assert.equal(later.args['round'], String(path.rounds.at(-1)! + 1));
    const after = await callTool(later.tool, { ...later.args, round: Number(later.args['round']) }, ctx);
    assert.equal(after.isError, false, after.text);
    const afterPath = after.data['path'] as { rounds: number[] };
    assert.ok(afterPath.rounds[0]! > path.rounds.at(-1)!, JSON.stringify(afterPath.rounds));
    assert.match(after.text, /\nWhether it goes on after: explain_alert with alertId and round \d+/);
  });

  test('state cleared lists only cleared alerts; a cleared one explained says its end', async () => {
    const listed = await callTool('list_alerts', { window: '3d', state: 'cleared' }, ctx);
    assert.equal(listed.isError, false, listed.text);
    const alerts = listed.data['alerts'] as { alertId: string; active: boolean; endDate?: string }[];
    assert.ok(alerts.length > 0 && alerts.every((a) => !a.active && a.endDate !== undefined));
    const explained = await callTool('explain_alert', { alertId: alerts[0]!.alertId }, ctx);
    assert.equal(explained.isError, false, explained.text);
    assert.match(explained.text, /^Alert [0-9a-f-]{36}: cleared, .* UTC to .* UTC;/);
  });

  test('mistakes are sentences: an unknown alert, an alert id that is not one, a round that is not one', async () => {
    const unknown = await callTool('explain_alert', { alertId: '00000000-0000-4000-8000-000000000000' }, ctx);
    assert.equal(unknown.isError, true);
    assert.match(unknown.text, /^explain_alert: the API answered with an error/);
    const odd = await callTool('explain_alert', { alertId: 'a/b' }, ctx);
    assert.equal(odd.isError, true);
    assert.match(odd.text, /^explain_alert: alertId /);
    const listed = await callTool('list_alerts', { window: '3d' }, ctx);
    const alertId = (listed.data['alerts'] as { alertId: string }[])[0]!.alertId;
    const badRound = await callTool('explain_alert', { alertId, round: 'yesterday' }, ctx);
    assert.equal(badRound.isError, true);
    assert.match(badRound.text, /is not a round/);
  });
});

describe('list_alerts on a v6 account', () => {
  test('says in one sentence that alerts need v7', async () => {
    const world = await toolWorld({ api: 'v6' });
    try {
      for (const [name, args] of [
        ['list_alerts', {}],
        ['explain_alert', { alertId: 'a1' }],
      ] as const) {
        const outcome = await callTool(name, args, world.ctx);
        assert.equal(outcome.isError, true);
        assert.equal(
          outcome.text,
          `${name}: Alerts, alert rules, suppression windows and events need the v7 API; this account speaks v6.`,
        );
      }
    } finally {
      await world.close();
    }
  });
});
