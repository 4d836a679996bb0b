// Deployed Tests: an API test's results in the waterfall, against the emulator speaking v7.
// Show Results opens the waterfall of the worst agent's newest round — one row per step, in
// order, the step whose assertions failed "(failed)" with its assertion errors — and the
// summary beside it; a round's row in the tree opens that round's waterfall. The clock stops
// where exactly one agent's newest round has a step that failed its assertions (the emulator's
// seeded one round in 25), so the worst agent is that one.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { RunningEmulator } from '../../../src/emulator';
import type { TreeNode } from '../../../src/vscode/tree/nodes';
import {
  answeringPrompts,
  childrenOf,
  DEMO_CREDENTIALS,
  netmonApi,
  root,
  signInTo,
  startControlledEmulator,
} from './netmon-fixture';
import { closeAllEditors, sendFromWebview, waitForRendered } from './panels-fixture';
import { endDocumentSuite, workspaceScratch } from './documents-fixture';

const INTERVAL = 300;
const REQUESTS = [
  { name: 'Status', url: 'https://shop.example.com/status', method: 'get' },
  { name: 'Sign in', url: 'https://shop.example.com/login', method: 'post' },
  { name: 'Items', url: 'https://shop.example.com/items?page=1', method: 'get' },
];

interface Round {
  agent: { agentId: string; agentName: string };
  roundId: number;
  completion: number;
  errorType?: string;
}
interface Step {
  stepNumber: number;
  url: string;
  assertErrorCount: number;
}
interface ExportedEntry {
  request: { method: string; url: string };
  response: { status: number; _error?: string };
}

describe("Deployed Tests: an API test's round in the waterfall (v7)", () => {
  let emulator: RunningEmulator;
  let clock = Math.floor(Date.UTC(2026, 10, 20) / 1000);
  let scratch: ReturnType<typeof workspaceScratch>;
  let testId = 0;
  /** Each agent's newest round where the clock stopped. */
  let newest: Round[] = [];

  const read = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${emulator.url}${path}`, {
      headers: { authorization: `Bearer ${DEMO_CREDENTIALS.admin.token}` },
    });
    assert.equal(response.status, 200, path);
    return (await response.json()) as T;
  };
  const newestRounds = async (): Promise<Round[]> => {
    const byAgent = new Map<string, Round>();
    for (const round of (await read<{ results: Round[] }>(`/v7/test-results/${testId}/api?window=1h`)).results) {
      if ((byAgent.get(round.agent.agentId)?.roundId ?? -1) < round.roundId) byAgent.set(round.agent.agentId, round);
    }
    return [...byAgent.values()];
  };
  const stepsOf = async (round: Round): Promise<Step[]> =>
    (
      await read<{ results: { requests: Step[] }[] }>(
        `/v7/test-results/${testId}/api/agent/${round.agent.agentId}/round/${round.roundId}`,
      )
    ).results[0]?.requests ?? [];

  before(async function () {
    this.timeout(60_000);
    await netmonApi();
    scratch = workspaceScratch('deployed-api');
    await vscode.workspace.getConfiguration('netmon').update('apiVersion', 'v7', vscode.ConfigurationTarget.Global);
    emulator = await startControlledEmulator({ api: 'v7', now: () => clock * 1000 });
    const agents = (emulator.world.group(emulator.world.accountGroups[0]?.aid ?? 0)?.enterpriseAgents() ?? [])
      .slice(0, 5)
      .map((a) => ({ agentId: String(a.agentId) }));
    const response = await fetch(`${emulator.url}/v7/tests/api`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO_CREDENTIALS.admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        testName: 'Shop API',
        interval: INTERVAL,
        agents,
        url: 'https://shop.example.com',
        requests: REQUESTS,
      }),
    });
    assert.equal(response.status, 201, await response.clone().text());
    testId = Number(((await response.json()) as { testId: string }).testId);
    // An hour of rounds, then round by round until one agent's newest round failed an assertion and none failed outright.
    const deployed = clock;
    for (let round = 0; round < 500; round++) {
      clock = deployed + 3600 + round * INTERVAL;
      newest = await newestRounds();
      const degraded = newest.filter((r) => r.completion > 0 && r.completion < 100);
      if (degraded.length === 1 && newest.every((r) => r.completion > 0 && r.errorType === 'None')) break;
    }
    assert.equal(
      newest.filter((r) => r.completion < 100).length,
      1,
      "a clock where one agent's newest round failed an assertion",
    );
    await signInTo(emulator);
  });
  after(async () => {
    await closeAllEditors();
    await vscode.workspace
      .getConfiguration('netmon')
      .update('apiVersion', undefined, vscode.ConfigurationTarget.Global);
    await endDocumentSuite(scratch, emulator);
  });

  const apiTest = async (): Promise<TreeNode> => {
    const api = await netmonApi();
    const group = (await childrenOf(api, await root(api, 'Deployed Tests'))).find((g) => g.label === 'api');
    assert.equal(group?.spec.description, '1 test');
    const [test] = await childrenOf(api, group!);
    assert.equal(test?.label, 'Shop API');
    return test!;
  };
  const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const minute = (roundId: number): string =>
    `${new Date(roundId * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

  it("Show Results opens the waterfall of the worst agent's newest round, one row per step, the step that failed its assertions marked; the summary beside it", async function () {
    this.timeout(90_000);
    const worst = newest.find((r) => r.completion < 100)!;
    const steps = await stepsOf(worst);
    const failing = steps.filter((s) => s.assertErrorCount > 0);
    assert.equal(failing.length, 1, JSON.stringify(steps));
    const shown = await vscode.commands.executeCommand<{ panels: string[]; document?: string }>(
      'netmon.showTestResults',
      await apiTest(),
    );
    assert.equal(shown?.panels.length, 1, 'the waterfall');
    const waterfall = await waitForRendered(shown.panels[0]!);
    assert.deepEqual([waterfall.kind, waterfall.title], ['waterfall', 'Waterfall: Shop API']);
    assert.deepEqual(waterfall.rendered, {
      pages: 1,
      entries: steps.length,
      warnings: [],
      heading: `Shop API · ${worst.agent.agentName} · ${minute(worst.roundId)}`,
    });

    // What the waterfall draws, as "Export HAR…" (as recorded) writes it: the steps in order, the failing one without a status ("(failed)") and saying why.
    const target = vscode.Uri.file(join(scratch.path, 'api-round.har'));
    await answeringPrompts(
      (prompt) => (prompt.kind === 'confirm' ? 'Export Unredacted' : prompt.kind === 'save' ? target : undefined),
      () => sendFromWebview(shown.panels[0]!, { type: 'exportHar', params: { redacted: false } }),
    );
    const entries = (JSON.parse(readFileSync(target.fsPath, 'utf8')) as { log: { entries: ExportedEntry[] } }).log
      .entries;
    const errors = (n: number): string => `${n} assertion error${n === 1 ? '' : 's'}`;
    assert.deepEqual(
      entries.map((e) => [e.request.method, e.request.url, e.response.status, e.response._error]),
      steps.map((s, i) => [
        REQUESTS[i]!.method.toUpperCase(),
        s.url,
        s.assertErrorCount > 0 ? 0 : 200,
        s.assertErrorCount > 0 ? errors(s.assertErrorCount) : undefined,
      ]),
    );

    const summary = vscode.workspace.textDocuments.find((d) => d.uri.toString() === shown.document)?.getText() ?? '';
    assert.match(
      summary,
      new RegExp(
        `\\nAPI steps of ${literal(worst.agent.agentName)} \\(round ${minute(worst.roundId)}\\): step ${failing[0]!.stepNumber} '[^']+' failed: ${errors(failing[0]!.assertErrorCount)}`,
      ),
      summary,
    );
    await closeAllEditors();
  });

  it("a round's row under the test opens that round's waterfall", async function () {
    this.timeout(60_000);
    const api = await netmonApi();
    const lists = await childrenOf(api, await apiTest());
    assert.deepEqual(
      lists.map((l) => l.label),
      ['API'],
    );
    const rows = await childrenOf(api, lists[0]!);
    const row = rows.find(
      (r) => r.spec.command?.title === 'Open Waterfall' && r.spec.ids?.roundId !== newest[0]?.roundId,
    );
    assert.ok(row, rows.map((r) => `${r.label} ${r.spec.description} ${r.spec.command?.title}`).join(' | '));
    const { agentId, roundId } = row.spec.ids as { agentId: string; roundId: number };
    const steps = await stepsOf({ agent: { agentId, agentName: String(row.label) }, roundId, completion: 100 });
    const opened = await vscode.commands.executeCommand<{ panels: string[] }>(
      row.spec.command!.command,
      ...(row.spec.command!.arguments ?? []),
    );
    const waterfall = await waitForRendered(opened!.panels[0]!);
    assert.deepEqual(waterfall.rendered, {
      pages: 1,
      entries: steps.length,
      warnings: [],
      heading: `Shop API · ${String(row.label)} · ${minute(roundId)}`,
    });
    await closeAllEditors();
  });
});
