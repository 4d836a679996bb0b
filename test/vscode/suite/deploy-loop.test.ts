// The deploy loop of one http-server test document against the emulator speaking v7, through
// the document's code lenses only: Create (its click is the consent) → Results (metrics with
// the rounds since it was deployed, and the path of its agents) → Update of the interval →
// Results again of the same test, now inside the seeded loss episode on its transit: the path
// panel finds more than before (the loss, at the seeded lossy hop, beside the hop that always
// rate-limits) → Delete, after which the document offers Create again and the deleted test's
// results open nothing. (deployed-tests.test.ts covers the tree and page-load's waterfall;
// run-now.test.ts Run Now; the UI test test/ui/deploy-loop.test.ts the same loop by hand.)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { localizePathTraces } from '../../../src/analysis/path';
import { readRoundTraces } from '../../../src/analysis/path/read-rounds';
import { enterprisePaths } from '../../../src/analysis/results/read';
import type { EnterpriseTest } from '../../../src/api/types';
import type { RunningEmulator } from '../../../src/emulator';
import type { PathEpisode } from '../../../src/emulator/world/path-episodes';
import { clickLens, lensCommand } from './lens-fixture';
import { childrenOf, DEMO_CREDENTIALS, netmonApi, root } from './netmon-fixture';
import { closeAllEditors, panelStates, waitForRendered } from './panels-fixture';
import {
  createTestDirectly,
  openDocument,
  replaceAndSave,
  startDocumentSuite,
  writeDocument,
  type DocumentSuite,
  type WorkspaceScratch,
} from './documents-fixture';

const HOUR = 3600;
type Shown = { panels: string[] } | undefined;

describe('the deploy loop of a test document through its lenses (v7)', () => {
  let emulator: RunningEmulator;
  let clock = 0;
  let scratch: WorkspaceScratch;
  let agentIds: number[] = [];
  let loss: PathEpisode;
  let suite: DocumentSuite;

  /** Deployed two hours before the seeded loss; tests deployed elsewhere until the next test id crosses the lossy transit. */
  async function seedBeforeTheLoss(started: RunningEmulator): Promise<void> {
    const group = started.world.group(started.world.accountGroups[0]?.aid ?? 0);
    assert.ok(group);
    const day = Math.floor(Date.UTC(2026, 10, 20) / 1000);
    const found = group.pathEpisodes(day, day + 86400).find((e) => e.kind === 'lossEpisode');
    assert.ok(found);
    loss = found;
    // Deployed two hours before the loss starts.
    clock = loss.startSeconds - 2 * HOUR;
    agentIds = group
      .enterpriseAgents()
      .slice(0, 3)
      .map((agent) => Number(agent.agentId));
    assert.equal(agentIds.length, 3);
    // Which seeded transit an enterprise test crosses follows its id: tests deployed from elsewhere
    // take the ids before the document's, until the next one crosses the lossy transit.
    const crossesLoss = (testId: number): boolean =>
      group.enterprisePlan({
        testId,
        testName: 'probe',
        type: 'http-server',
        interval: 300,
        enabled: 1,
        url: 'https://portal.example.com/',
        agents: agentIds.map((agentId) => ({ agentId })),
        createdBy: 'probe',
        createdDate: '2026-11-20 00:00:00',
      } as EnterpriseTest).path?.kind === 'lossEpisode';
    const elsewhere = {
      testName: 'Deployed elsewhere',
      interval: 300,
      agents: agentIds.map((agentId) => ({ agentId: String(agentId) })),
      server: 'vpn.example.com',
    };
    let next = (await createTestDirectly(started, 'agent-to-server', elsewhere)).testId + 1;
    for (let tries = 0; !crossesLoss(next) && tries < 4; tries++)
      next = (await createTestDirectly(started, 'agent-to-server', elsewhere)).testId + 1;
    assert.ok(crossesLoss(next), `test ${next} crosses the lossy transit`);
  }

  before(async function () {
    this.timeout(60_000);
    suite = await startDocumentSuite('deploy-loop', {
      v7: true,
      emulator: { now: () => clock * 1000 },
      beforeSignIn: seedBeforeTheLoss,
    });
    ({ emulator, scratch } = suite);
  });
  after(async () => {
    await closeAllEditors();
    await suite.end();
  });

  const deployed = async (testId: number): Promise<{ status: number; interval?: number }> => {
    const response = await fetch(`${emulator.url}/v7/tests/http-server/${testId}`, {
      headers: { authorization: `Bearer ${DEMO_CREDENTIALS.admin.token}` },
    });
    return {
      status: response.status,
      ...(response.status === 200
        ? { interval: Number(((await response.json()) as { interval: unknown }).interval) }
        : {}),
    };
  };

  const results = async (
    uri: vscode.Uri,
    title: string,
  ): Promise<{ points: number[]; agents: number; findings: number }> => {
    await closeAllEditors();
    await openDocument(uri);
    const { result: shown, prompts } = await clickLens<Shown>(uri, 'Results');
    assert.equal(shown?.panels.length, 2, `metrics and path; prompts: ${JSON.stringify(prompts)}`);
    const path = await waitForRendered(shown.panels[1]!);
    assert.deepEqual([path.kind, path.title], ['path', `Path: ${title}`]);
    // The metrics panel opened first, under the path: the test's network list in Deployed Tests reveals it.
    const api = await netmonApi();
    const types = await childrenOf(api, await root(api, 'Deployed Tests'));
    const tests = await childrenOf(
      api,
      types.find((group) => group.label === 'http-server')!,
    );
    const [network] = await childrenOf(
      api,
      tests.find((test) => test.label === title)!,
    );
    assert.equal(
      await vscode.commands.executeCommand('netmon.openMetrics', network),
      shown.panels[0],
      'revealed, not opened again',
    );
    const metrics = await waitForRendered(shown.panels[0]!);
    assert.deepEqual([metrics.kind, metrics.title], ['metrics', `Metrics: ${title}`]);
    const charts = (metrics.rendered as { charts: { id: string; points: number }[] }).charts;
    assert.ok(
      charts.some((chart) => chart.id === 'http'),
      `the HTTP phases are drawn: ${charts.map((c) => c.id).join(', ')}`,
    );
    await openDocument(uri);
    const drawn = path.rendered as { agents: number; findings?: number };
    return { points: charts.map((chart) => chart.points), agents: drawn.agents, findings: drawn.findings ?? 0 };
  };

  it('Create → Results (metrics of every round since, the path of its three agents) → Update → Results in the loss episode, localized → Delete, each from its lens', async function () {
    this.timeout(120_000);
    const uri = writeDocument(
      scratch.path,
      'loop.netmon-test.json',
      JSON.stringify(
        {
          type: 'http-server',
          testName: 'Loop portal',
          interval: 300,
          agents: agentIds.map((agentId) => ({ agentId })),
          url: 'https://portal.example.com/',
        },
        null,
        2,
      ),
    );
    await openDocument(uri);

    const { result: created, prompts } = await clickLens<{ testId: number }>(uri, 'Create "Loop portal" in');
    assert.ok(created, `created; prompts: ${JSON.stringify(prompts)}`);
    assert.ok(!prompts.some((p) => p.kind === 'confirm'), 'the lens said the write: nothing asked');
    const { testId } = created;
    assert.equal((await deployed(testId)).interval, 300);
    assert.match(readFileSync(uri.fsPath, 'utf8'), new RegExp(`"deployments"[^]*: ${testId}`));
    await lensCommand(uri, 'Results');

    // Ten minutes before the loss: the last hour's 12 or 13 rounds of 5 minutes, every agent on the path.
    clock = loss.startSeconds - 10 * 60;
    const first = await results(uri, 'Loop portal');
    assert.equal(first.agents, 3);
    assert.ok(
      first.points.every((points) => points >= 12 && points <= 13),
      `rounds drawn: ${first.points.join(', ')}`,
    );

    await replaceAndSave(uri, '"interval": 300', '"interval": 600');
    const { result: updated } = await clickLens<{ testId: number }>(uri, 'Update: interval 300 → 600');
    assert.equal(updated?.testId, testId, 'the same test, updated in place');
    assert.equal((await deployed(testId)).interval, 600);

    // Twenty minutes into the loss: the Results lens still opens the same test, now every 10
    // minutes, and the path panel also finds where the traversals stop.
    clock = loss.startSeconds + 20 * 60;
    const second = await results(uri, 'Loop portal');
    assert.equal(second.agents, 3);
    // The last hour at the new interval: 6 or 7 rounds of 10 minutes.
    assert.ok(
      second.points.every((points) => points >= 6 && points <= 7),
      `rounds drawn: ${second.points.join(', ')}`,
    );
    assert.ok(second.findings > first.findings, `findings before the loss ${first.findings}, in it ${second.findings}`);
    // The round the panel drew, localized as the panel does it: the loss at the seeded lossy hop.
    const client = (await netmonApi()).connection.requireClient();
    const traces = await readRoundTraces(
      enterprisePaths(client),
      testId,
      agentIds.map(String),
      Math.floor(clock / 600) * 600,
    );
    const lossAt = localizePathTraces(traces).loss.map((finding) => finding.at.ip);
    assert.deepEqual(lossAt, [loss.detail.hopAddress], `the seeded lossy hop ${String(loss.detail.hopAddress)}`);

    const { result: removed } = await clickLens<{ testId: number }>(uri, 'Delete');
    assert.equal(removed?.testId, testId, 'deleted');
    assert.equal((await deployed(testId)).status, 404);
    await lensCommand(uri, 'Create "Loop portal" in');
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    assert.ok(
      !lenses.some((lens) => lens.command?.title === '$(graph) Results'),
      'no Results lens on a document deployed nowhere',
    );
    // Show Results of the deleted test's id opens nothing (it says the test is not deployed).
    await closeAllEditors();
    assert.equal(await vscode.commands.executeCommand<Shown>('netmon.showTestResults', testId), undefined);
    assert.deepEqual(await panelStates(), []);
  });
});
