// The loop of an endpoint test document in v7 demo mode, through its code lenses: a new
// http-server document choosing two agents → Run Now (one click: the whole test once as an
// instant test, a row per agent in the instant results panel; without the lens's token it
// asks) → Create (the notification offers Run Now and Show Results) → Results (the metrics
// with the HTTP phases and the path of the created test, from its two agents) → Update →
// Delete, after which its results are gone.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { OfferPrompt } from '../../../src/vscode/ui/prompts';
import { waitFor } from '../helpers';
import { closeEditors, openDocument, replaceAndSave, workspaceScratch, writeDocument } from './documents-fixture';
import { demoGet, useV7Demo } from './demo-fixture';
import { clickLens, lensCommand } from './lens-fixture';
import { SUITE_API, answeringPrompts, signOut } from './netmon-fixture';
import { closeAllEditors, waitForRendered } from './panels-fixture';

const TESTS = '/v7/endpoint/tests/scheduled-tests/http-server';
const RESULTS = '/v7/endpoint/test-results/scheduled-tests';

type Result = { testId: number; action: string } | undefined;
interface InstantRun {
  testId: number;
  type: string;
  records: { agentId: string }[];
  panelId: string;
  text: string;
  json: string;
}
interface Shown {
  testId: number;
  panels: string[];
}

/** Waits until the demo emulator lists a round of the test, from every agent it runs on. */
async function firstRoundReported(testId: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { body } = await demoGet(`${RESULTS}/${testId}/path-vis?window=1h`);
    const agents = new Set(((body.results ?? []) as { agentId: string }[]).map((result) => result.agentId));
    if (agents.size === 2) return;
    if (Date.now() > deadline) assert.fail(`test ${testId} reported no round from its two agents in 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('endpoint test documents: the loop in v7 demo mode', () => {
  let scratch: ReturnType<typeof workspaceScratch>;
  before(function () {
    if (SUITE_API !== 'v7') this.skip();
    scratch = workspaceScratch('endpoint-loop');
  });
  after(async () => {
    if (SUITE_API !== 'v7') return;
    await closeAllEditors();
    await closeEditors();
    scratch.remove();
    await signOut();
  });

  it('new document → Run Now (a row per agent) → Create (offering Run Now, Show Results) → Results (metrics and path of the created test) → Update → Delete', async function () {
    this.timeout(120_000);
    await useV7Demo();
    const agents = ((await demoGet('/v7/endpoint/agents')).body.agents as { id: string }[])
      .slice(0, 2)
      .map((agent) => agent.id);
    assert.equal(agents.length, 2);
    const uri = writeDocument(
      scratch.path,
      'intranet.netmon-endpoint-test.json',
      `${JSON.stringify(
        {
          type: 'http-server',
          testName: 'Intranet from two laptops',
          interval: 300,
          agents,
          url: 'https://intranet.example.com/',
        },
        null,
        2,
      )}\n`,
    );
    await openDocument(uri);

    // Run Now: the lens click is the consent; the instant test runs on the document's two agents.
    const runLens = await lensCommand(uri, 'Run Now');
    const { result: run, prompts: asked } = await answeringPrompts(
      () => undefined,
      () => vscode.commands.executeCommand<InstantRun | undefined>(runLens.command, ...(runLens.arguments ?? [])),
    );
    assert.ok(run, `the run failed; prompts: ${JSON.stringify(asked)}`);
    assert.ok(!asked.some((p) => p.kind === 'confirm'), 'nothing asked');
    assert.deepEqual(
      [...new Set(run.records.map((record) => record.agentId))].sort(),
      [...agents].sort(),
      "results from the document's agents",
    );
    const panel = await waitForRendered(run.panelId);
    assert.equal(panel.kind, 'instant');
    assert.deepEqual(panel.rendered, { testId: run.testId, rows: 2 }, 'a row per agent');
    const shown = JSON.parse(run.json) as { runNowOf: string; notCarriedOver: { field: string }[] };
    assert.deepEqual(
      [shown.runNowOf, shown.notCarriedOver.map((n) => n.field)],
      [vscode.workspace.asRelativePath(uri), ['interval']],
    );
    // The same token again, or none (the palette, a command URI), asks first; declined, nothing runs.
    for (const args of [runLens.arguments ?? [], [uri]]) {
      const { result: refused, prompts } = await answeringPrompts(
        () => undefined,
        () => vscode.commands.executeCommand('netmon.endpointTests.runNow', ...args),
      );
      assert.equal(refused, undefined);
      assert.ok(
        prompts.some(
          (p) =>
            p.kind === 'confirm' &&
            p.message === 'Run endpoint test "Intranet from two laptops" once now as an instant test?',
        ),
        JSON.stringify(prompts),
      );
    }

    const offers: OfferPrompt[] = [];
    const created = await answeringPrompts(
      (prompt) => {
        if (prompt.kind === 'offer') offers.push(prompt);
        return prompt.kind === 'confirm' ? prompt.actions[0] : undefined;
      },
      async () => {
        const command = await lensCommand(uri, 'Create endpoint test in');
        const result = await vscode.commands.executeCommand<Result>(command.command, ...(command.arguments ?? []));
        await waitFor('the offer of the next step', () => (offers.length > 0 ? true : undefined), 10_000);
        return result;
      },
    );
    assert.equal(created.result?.action, 'create', JSON.stringify(created.prompts));
    const testId = created.result.testId;
    assert.deepEqual(offers[0]?.actions, ['Run Now', 'Show Results']);
    assert.match(
      offers[0]?.message ?? '',
      new RegExp(`^Created endpoint test "Intranet from two laptops" \\(${testId}\\)`),
    );

    // Its first round reports once the second it was created in has passed (a round starting at "now" is not yet
    // listed): a person opens the results after that, and so does this test, whatever the wall clock's millisecond.
    await firstRoundReported(testId);

    // Show Results: the metrics (with the HTTP phases) and the path of the created test, from its two agents.
    await closeAllEditors();
    await openDocument(uri);
    const results = await clickLens<Shown>(uri, 'Results');
    assert.equal(results.result?.testId, testId, JSON.stringify(results.prompts));
    assert.equal(results.result.panels.length, 2);
    const [metricsId, pathId] = results.result.panels as [string, string];
    const path = await waitForRendered(pathId);
    assert.equal(path.kind, 'path');
    assert.match(path.title ?? '', /Intranet from two laptops/);
    assert.equal((path.rendered as { agents: number }).agents, 2, 'the path of its two agents');
    // The metrics panel opened first, under the path: the test's Metrics in the Netmon view reveals it.
    assert.equal(
      await vscode.commands.executeCommand('netmon.openMetrics', testId),
      metricsId,
      'revealed, not opened again',
    );
    const metrics = await waitForRendered(metricsId);
    assert.equal(metrics.kind, 'metrics');
    assert.match(metrics.title ?? '', /Intranet from two laptops/);
    const charts = (metrics.rendered as { charts: { id: string; points: number }[] }).charts;
    assert.ok(
      charts.some((chart) => chart.points > 0),
      JSON.stringify(charts),
    );
    assert.ok(
      charts.some((chart) => chart.id === 'http'),
      `the HTTP phases are drawn: ${charts.map((c) => c.id).join(', ')}`,
    );

    await openDocument(uri);
    await replaceAndSave(uri, 'intranet.example.com', 'portal.example.com');
    const updated = await clickLens<Result>(uri, 'Update');
    assert.deepEqual(updated.result, { testId, action: 'update' });
    assert.equal((await demoGet(`${TESTS}/${testId}`)).body.url, 'https://portal.example.com/');

    const deleted = await clickLens<Result>(uri, 'Delete');
    assert.deepEqual(deleted.result, { testId, action: 'delete' });
    assert.equal((await demoGet(`${TESTS}/${testId}`)).status, 404);
    assert.equal((await demoGet(`${RESULTS}/${testId}/path-vis?window=1h`)).status, 404, 'its results went with it');
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    assert.ok(
      !lenses.some((lens) => lens.command?.title === '$(graph) Results'),
      'no Results lens on a document deployed nowhere',
    );
  });
});
