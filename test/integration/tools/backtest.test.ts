// backtest_alert_rule against the emulator's v7 world over loopback HTTP, its clock fixed at a UTC
// midnight, set up as test/integration/cli/alerts-backtest.test.ts sets it up: two network tests
// deployed eight days before, the one with the odd test id crossing the group's seeded loss transit,
// whose loss episode comes every UTC day for 40–60 minutes on every sharing agent's network results,
// and the deployed default loss rule (100001, 5 %) alerts on each. So a rule of 5 % or more that
// leaves the failed rounds (loss 100 %) out fires once a day of the range, from
// the episode's first round to its end, from the test's 4 sharing agents. The expected counts come
// from the world's episode schedule, and the tool answers what backtestDocument answers for the same
// rule. Then the same tool through `netmon mcp`, its listed schema compiled by a strict ajv.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import Ajv from 'ajv';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createNetmonClient, type NetmonClient } from '../../../src/api';
import { parseAlertRule } from '../../../src/documents';
import { DEMO_CREDENTIALS, startEmulator, type PathEpisode, type RunningEmulator } from '../../../src/emulator';
import { callTool } from '../../../src/tools/catalogue';
import { FENCE_OPEN } from '../../../src/tools/fence';
import type { ToolContext } from '../../../src/tools/types';
import { backtestDocument } from '../../../src/workflows/backtest';

const REPO = join(__dirname, '..', '..', '..');
const TSX = pathToFileURL(join(REPO, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const ENTRY = join(REPO, 'src', 'cli', 'netmon.ts');
const DAY = 86400;
/** A UTC midnight: "now" of the backtests, whose 7 days before hold a loss episode each. */
const MIDNIGHT = Math.floor(Date.UTC(2026, 5, 17) / 1000);

function lossDays(episodesOf: (from: number, to: number) => PathEpisode[], now: number, days: number): PathEpisode[] {
  return episodesOf(now - days * DAY, now).filter((e) => e.kind === 'lossEpisode');
}

interface FiringData {
  start: string;
  end?: string;
  lengthMinutes?: number;
  testId: number;
  agentCount: number;
  agents: string[];
}

describe('backtest_alert_rule (emulator speaking v7)', () => {
  let emulator: RunningEmulator;
  let client: NetmonClient;
  let ctx: ToolContext;
  let now = 0;
  let episodesOf: (from: number, to: number) => PathEpisode[];
  let agentNames: Set<string>;
  let lossTest = { testId: 0, testName: '' };
  const workspace = mkdtempSync(join(tmpdir(), 'netmon-backtest-tool-'));
  const EPISODES = {
    ruleId: '100001',
    ruleName: 'Loss episodes',
    alertType: 'end-to-end-server',
    expression: '((loss >= 5%) && (loss < 100%))',
    roundsViolatingMode: 'any',
    roundsViolatingRequired: 1,
    roundsViolatingOutOf: 1,
    minimumSources: 1,
  };
  const document = (name: string, fields: Record<string, unknown>): string => {
    writeFileSync(join(workspace, name), JSON.stringify(fields, null, 2));
    return name;
  };
  /** The use case's own count for the same rule: what `netmon alerts backtest` answers. */
  async function workflowCount(fields: Record<string, unknown>, days: number): Promise<number> {
    const parsed = parseAlertRule(JSON.stringify(fields));
    assert.ok(parsed.ok, JSON.stringify(parsed.problems));
    return (await backtestDocument(ctx.account, { document: parsed.document, days })).result.firingCount;
  }

  before(async () => {
    let clock = 0;
    emulator = await startEmulator({ port: 0, api: 'v7', now: () => clock * 1000 });
    const group = emulator.world.group(emulator.world.accountGroups[0]?.aid ?? 0);
    assert.ok(group);
    episodesOf = (from, to) => group.pathEpisodes(from, to);
    now = MIDNIGHT;
    assert.equal(lossDays(episodesOf, now, 7).length, 7, 'a loss episode a day');
    clock = now - 8 * DAY;
    client = createNetmonClient({
      baseUrl: emulator.url,
      apiVersion: 'v7',
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
    });
    const agents = group.enterpriseAgents().slice(0, 5);
    agentNames = new Set(agents.map((a) => a.agentName));
    for (const [testName, server] of [
      ['Outlook from the offices', 'outlook.office365.com'],
      ['Zoom from the offices', 'zoom.us'],
    ] as const)
      await client.createTest('agent-to-server', {
        testName,
        interval: 300,
        agents: agents.map((a) => ({ agentId: a.agentId })),
        server,
        port: 443,
      });
    const deployed = (await client.listEnterpriseTests()).find((t) => t.testId % 2 === 1);
    assert.ok(deployed);
    lossTest = { testId: deployed.testId, testName: String(deployed.testName) };
    clock = now;
    const account = { client, serviceKey: 'demo', aidKey: '1001', requestAid: undefined, label: 'the emulator' };
    ctx = {
      account: { ...account, close: () => Promise.resolve() },
      cwd: workspace,
      allowWrites: false,
      now: () => now * 1000,
    };
  });
  after(async () => {
    await client.close();
    await emulator.close();
    rmSync(workspace, { recursive: true, force: true });
  });

  test("a document of the workspace: once on each loss day, as long as the episode, by the test's agents, as often as the deployed rule; next explains its newest alert", async () => {
    const expected = lossDays(episodesOf, now, 7);
    const name = document('episodes.netmon-alert-rule.json', { ...EPISODES, tests: [lossTest.testName] });
    const answer = await callTool('backtest_alert_rule', { document: name }, ctx);
    assert.equal(answer.isError, false, answer.text);
    const { data } = answer;
    assert.equal(data['firingCount'], expected.length);
    assert.equal(data['firingCount'], await workflowCount({ ...EPISODES, tests: [lossTest.testName] }, 7));
    const firings = data['firings'] as FiringData[];
    assert.deepEqual(
      firings.map((f) => [f.start, f.end, f.lengthMinutes, f.testId, f.agentCount]),
      expected.map((e) => [
        new Date(e.startSeconds * 1000).toISOString(),
        new Date(e.endSeconds * 1000).toISOString(),
        (e.endSeconds - e.startSeconds) / 60,
        lossTest.testId,
        4,
      ]),
    );
    for (const firing of firings)
      assert.ok(
        firing.agents.every((agent) => agentNames.has(agent)),
        firing.agents.join(),
      );
    assert.deepEqual(data['deployed'], {
      ruleId: '100001',
      rule: 'Default Network Loss',
      fired: expected.length,
      complete: true,
    });
    const lines = answer.text.split('\n');
    assert.match(
      lines[0]!,
      new RegExp(
        `^The rule would have fired ${expected.length} times in the last 7 days \\(per-round, 1 of 1 rounds\\) over ` +
          `1 test, \\d+ rounds\\. The deployed rule \\(ruleId 100001\\) fired ${expected.length} times on these tests then\\.$`,
      ),
    );
    // Rule, test and agent names only inside the fence.
    const open = lines.findIndex((l) => l.startsWith(FENCE_OPEN));
    const trusted = lines.slice(0, open).join('\n');
    for (const outsideName of [lossTest.testName, 'Loss episodes', ...agentNames])
      assert.ok(!trusted.includes(outsideName), `${outsideName} outside the fence`);
    const first = expected[0]!;
    const start = new Date(first.startSeconds * 1000).toISOString().slice(0, 16).replace('T', ' ');
    assert.ok(
      lines.slice(open).some((l) => l.startsWith(`${start} UTC, `) && l.includes('4 agents: ')),
      answer.text,
    );

    // Following data.next: the deployed rule's newest alert on the test, explained.
    const next = data['next'] as { tool: string; args: Record<string, unknown> };
    assert.equal(next.tool, 'explain_alert', JSON.stringify(next));
    const explained = await callTool(next.tool, next.args, ctx);
    assert.equal(explained.isError, false, explained.text);
    assert.equal(explained.data['testId'], lossTest.testId);
    assert.equal(explained.data['rule'], 'Default Network Loss');
    assert.equal(Date.parse(String(explained.data['startDate'])) / 1000, expected.at(-1)!.startSeconds);
  });

  test('the rule inline over 3 days: the count of those days, firings listed up to maxFirings, no deployed rule to compare', async () => {
    const expected = lossDays(episodesOf, now, 3);
    assert.ok(expected.length >= 2, 'two loss days in the last 3 days, for a list that is cut');
    const rule = { ...EPISODES, ruleName: 'Loss, not deployed', tests: [lossTest.testId] };
    delete (rule as Partial<typeof rule>).ruleId;
    const answer = await callTool('backtest_alert_rule', { rule, days: 3, maxFirings: 1 }, ctx);
    assert.equal(answer.isError, false, answer.text);
    assert.equal(answer.data['firingCount'], expected.length);
    assert.equal(answer.data['firingCount'], await workflowCount(rule, 3));
    assert.equal((answer.data['firings'] as FiringData[]).length, 1);
    assert.equal(answer.data['firingsLeftOut'], expected.length - 1);
    assert.equal(answer.data['deployed'], undefined);
    assert.equal(answer.data['next'], undefined);
    assert.match(answer.text, /No deployed rule has this ruleId or ruleName: nothing to compare with\./);
    assert.match(answer.text, new RegExp(`\\(${expected.length - 1} more firings left out: ask for up to 100`));
  });

  test('a metric the data does not carry is an error naming it, with what to change', async () => {
    const bandwidth = await callTool(
      'backtest_alert_rule',
      { rule: { ...EPISODES, expression: '((availableBandwidth < 10 Mbps))', tests: [lossTest.testName] } },
      ctx,
    );
    assert.equal(bandwidth.isError, true, bandwidth.text);
    assert.match(
      bandwidth.text,
      /metric 'availableBandwidth' is not in the tests' network results .*: change rule\.expression to a metric the results carry \(the end-to-end-server metrics besides it: loss, avgLatency/,
    );
    assert.doesNotMatch(bandwidth.text, /besides it: [^)]*availableBandwidth/, 'not suggested in its own place');
    const unknown = await callTool(
      'backtest_alert_rule',
      {
        document: document('unknown.netmon-alert-rule.json', {
          ...EPISODES,
          expression: '((packetLoss >= 10%))',
          tests: [lossTest.testName],
        }),
      },
      ctx,
    );
    assert.equal(unknown.isError, true, unknown.text);
    assert.match(
      unknown.text,
      /^backtest_alert_rule: unknown\.netmon-alert-rule\.json: the expression names metric 'packetLoss', which end-to-end-server data does not carry .*change the expression to one of loss, avgLatency/,
    );
    assert.match(unknown.text, /unknown\.netmon-alert-rule\.json:\d+:\d+: expression: metric 'packetLoss'/);
  });

  test('mistakes are sentences: neither or both inputs, a file outside the workspace or of another kind, an unknown test, 8 days', async () => {
    document('other.netmon-test.json', { type: 'http-server' });
    const rule = { ...EPISODES, tests: [lossTest.testName] };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /give either document .* or rule .*, not neither/],
      [{ document: 'other.netmon-test.json', rule }, /not both/],
      [{ document: '../../etc/passwd' }, /outside the workspace|does not exist/],
      [{ document: 'other.netmon-test.json' }, /is not an alert rule document \(\.netmon-alert-rule\.json\)/],
      [{ rule: { ...rule, tests: ['Nowhere'] } }, /rule\.tests: a test cannot be backtested[^]*"Nowhere"/],
      [{ rule, days: 8 }, /days must be <= 7/],
      [{ rule: { ...rule, colour: 'red' } }, /unknown argument "colour"/],
    ];
    for (const [args, expected] of cases) {
      const outcome = await callTool('backtest_alert_rule', args, ctx);
      assert.equal(outcome.isError, true, JSON.stringify(args));
      assert.match(outcome.text, expected, JSON.stringify(args));
    }
  });

  test('netmon mcp lists it read-only, with a schema a strict client compiles, and answers the same count', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', TSX, ENTRY, 'mcp', '--base-url', emulator.url, '--api', 'v7'],
      cwd: workspace,
      env: { ...(process.env as Record<string, string>), NETMON_TOKEN: DEMO_CREDENTIALS.admin.token },
      stderr: 'pipe',
    });
    const mcp = new Client({ name: 'netmon-backtest', version: '1.0.0' });
    await mcp.connect(transport);
    try {
      const listed = (await mcp.listTools()).tools.find((tool) => tool.name === 'backtest_alert_rule');
      assert.ok(listed, 'backtest_alert_rule is listed without --allow-writes');
      assert.equal(listed.annotations?.readOnlyHint, true);
      const validate = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true }).compile(listed.inputSchema);
      const name = document('mcp.netmon-alert-rule.json', { ...EPISODES, tests: [lossTest.testName] });
      const args = { document: name, days: 7, maxFirings: 10 };
      assert.ok(validate(args), JSON.stringify(validate.errors));
      assert.ok(!validate({ document: 'x', days: 0 }), 'days below 1 refused by the schema');
      const result = (await mcp.callTool({ name: listed.name, arguments: args })) as {
        isError?: boolean;
        structuredContent?: Record<string, unknown>;
      };
      assert.equal(result.isError, false, JSON.stringify(result));
      assert.equal(result.structuredContent?.['firingCount'], lossDays(episodesOf, now, 7).length);
    } finally {
      await mcp.close();
    }
  });
});
