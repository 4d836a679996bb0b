// The loop after the editor's Apply, against the emulator speaking v7: the plan quotes a
// hostile test name on its own line and makes no link of it; Apply of a folder offers Run Now
// and Show Results, asks which of the tests it wrote (each named, neutralised) and runs the
// one picked without asking again (the button in our notification is the consent); the tests
// and endpoint tests it created are ours to the agent tools, as if netmon apply had made them (the same journal);
// Apply of one document that updates its test offers Show Results of that test alone.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { RunningEmulator } from '../../../src/emulator';
import type { Prompt } from '../../../src/vscode/ui/prompts';
import { waitFor } from '../helpers';
import {
  closeEditors,
  startDocumentSuite,
  writeDocument,
  type DocumentSuite,
  type WorkspaceScratch,
} from './documents-fixture';
import { clearEmulatorRequests, emulatorRequests, netmonApi } from './netmon-fixture';
import { waitForPanels } from './panels-fixture';

const HOSTILE = `Evil\n  - delete  "Payroll" (test 1) [Sign out](command:netmon.signOut) $(pass-filled) ${'long '.repeat(30)}end`;

type Planned = { document: vscode.TextDocument } | undefined;
type Applied = { completed: { action: string; testName: string }[] } | undefined;

describe("after the editor's Apply: Run Now and Show Results of what it wrote; its tests are ours (v7)", function () {
  this.timeout(90_000);
  let emulator: RunningEmulator;
  let scratch: WorkspaceScratch;
  let suite: DocumentSuite;
  let state: string;
  const previousState = process.env['NETMON_STATE_DIR'];
  let folder: vscode.Uri;
  let portal: vscode.Uri;
  let vpn: vscode.Uri;

  before(async () => {
    // The journal goes where the CLI and the agent tools keep it: here, a folder of this suite's own.
    state = mkdtempSync(join(tmpdir(), 'netmon-apply-loop-'));
    process.env['NETMON_STATE_DIR'] = state;
    suite = await startDocumentSuite('apply-loop', {
      v7: true,
      emulator: { now: () => Date.now(), instantTestDelaySeconds: 1 },
    });
    ({ emulator, scratch } = suite);
    const group = emulator.world.group(emulator.world.accountGroups[0]?.aid ?? 0);
    const agents = (group?.enterpriseAgents() ?? []).slice(0, 2).map((agent) => ({ agentId: Number(agent.agentId) }));
    assert.equal(agents.length, 2);
    portal = writeDocument(
      scratch.path,
      'apply/portal.netmon-test.json',
      JSON.stringify(
        { type: 'http-server', testName: 'Apply portal', interval: 300, agents, url: 'https://portal.example.com/' },
        null,
        2,
      ),
    );
    writeDocument(
      scratch.path,
      'apply/hostile.netmon-test.json',
      JSON.stringify(
        { type: 'agent-to-server', testName: HOSTILE, interval: 300, agents, server: 'evil.example.com' },
        null,
        2,
      ),
    );
    vpn = writeDocument(
      scratch.path,
      'apply/vpn.netmon-endpoint-test.json',
      JSON.stringify(
        {
          type: 'agent-to-server',
          testName: 'VPN from Macs',
          interval: 300,
          agentLabels: ['Mac laptops'],
          server: 'vpn.example.com',
        },
        null,
        2,
      ),
    );
    folder = vscode.Uri.joinPath(portal, '..');
  });
  after(async () => {
    (await netmonApi()).prompts.respondWith(undefined);
    await suite.end();
    rmSync(state, { recursive: true, force: true });
    if (previousState === undefined) delete process.env['NETMON_STATE_DIR'];
    else process.env['NETMON_STATE_DIR'] = previousState;
  });

  /** Runs `work` with every prompt answered by `answer` until `done` holds (the offer comes after Apply returns). */
  async function answering<T>(
    answer: (prompt: Prompt) => string | undefined,
    work: () => Thenable<T>,
    done: (prompts: Prompt[]) => boolean,
  ): Promise<{ result: T; prompts: Prompt[] }> {
    const api = await netmonApi();
    const prompts: Prompt[] = [];
    api.prompts.respondWith((prompt) => {
      prompts.push(prompt);
      return answer(prompt);
    });
    try {
      const result = await work();
      await waitFor('the prompts after Apply', () => (done(prompts) ? true : undefined), 30_000).catch(
        (error: unknown) => {
          throw new Error(
            `${String(error)}; Apply answered ${JSON.stringify(result)}; prompts: ${JSON.stringify(prompts)}`,
          );
        },
      );
      return { result, prompts };
    } finally {
      api.prompts.respondWith(undefined);
    }
  }

  it('the plan quotes a hostile test name on its own line, cut short, and makes no link of it', async () => {
    const planned = await vscode.commands.executeCommand<Planned>('netmon.documents.plan', folder);
    assert.ok(planned, 'Plan reported a failure');
    const lines = planned.document.getText().split('\n');
    const creates = lines.filter((line) => line.startsWith('  + create') && !line.includes('(endpoint '));
    assert.equal(creates.length, 2, lines.join('\n'));
    const evil = creates.find((line) => line.includes('Evil')) ?? '';
    assert.ok(
      evil.startsWith('  + create  "Evil\\n  - delete  \\"Payroll\\" (test 1) [Sign out](command:netmon.signOut)'),
      evil,
    );
    assert.ok(evil.includes('…" (agent-to-server) from'), `cut short: ${evil}`);
    assert.ok(!lines.some((line) => line.startsWith('  - delete')), 'the name drew no delete line');
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>(
      'vscode.executeLinkProvider',
      planned.document.uri,
    );
    assert.deepEqual(
      links.map((link) => link.target?.toString()).filter((target) => target?.startsWith('command:')),
      [],
      'no command link',
    );
    await closeEditors();
  });

  it('Apply of the folder offers Run Now; it asks which test (each named, neutralised) and runs the one picked, asking nothing more', async () => {
    await clearEmulatorRequests(emulator);
    const { result, prompts } = await answering(
      (prompt) => {
        if (prompt.kind === 'confirm') return 'Apply';
        if (prompt.kind === 'offer' && prompt.actions.includes('Run Now')) return 'Run Now';
        if (prompt.kind === 'choose') return prompt.labels.find((label) => label.startsWith('Apply portal'));
        return undefined;
      },
      () => vscode.commands.executeCommand<Applied>('netmon.documents.apply', folder),
      (seen) => seen.some((p) => p.kind === 'choose'),
    );
    assert.deepEqual(
      result?.completed.map((step) => step.action),
      ['create', 'create'],
    );
    assert.deepEqual(
      prompts.map((p) => p.kind),
      ['confirm', 'offer', 'choose'],
      'the run itself asks nothing',
    );
    const offer = prompts[1];
    assert.ok(offer?.kind === 'offer');
    assert.deepEqual(offer.actions, ['Run Now', 'Show Results']);
    assert.equal(offer.message, '3 steps applied.', 'two tests and an endpoint test');
    const choose = prompts[2];
    assert.ok(choose?.kind === 'choose');
    assert.equal(choose.title, 'Run which test now?');
    assert.equal(choose.labels.length, 2, 'the enterprise tests: Run Now and Show Results are theirs');
    const evil = choose.labels.find((label) => label.startsWith('Evil'));
    assert.ok(evil, choose.labels.join(' | '));
    assert.ok(!/[\n]|\]\(|\$\(/.test(evil), `one line, no link or icon syntax: ${evil}`);
    assert.ok(evil.length < 120, `named short: ${evil.length}`);

    const portalId = Number(/"deployments"[^]*?: (\d+)/.exec(readFileSync(portal.fsPath, 'utf8'))?.[1]);
    assert.ok(Number.isSafeInteger(portalId), 'the document is bound');
    const run = await waitForPanels(
      'the run of the test picked',
      (states) =>
        states.find(
          (s) =>
            s.kind === 'instant' &&
            s.title === 'Instant: Apply portal' &&
            (s.rendered as { running?: boolean } | undefined)?.running === false,
        ),
      30_000,
    );
    assert.equal((run.rendered as { testId: number }).testId, portalId);
    const posts = (await emulatorRequests(emulator)).filter((r) => r.method === 'POST').map((r) => r.path);
    assert.deepEqual(
      posts.filter((path) => path.endsWith('/run')),
      [`/v7/tests/${portalId}/run`],
      'only the test picked ran',
    );
    await closeEditors();
  });

  it("the tests the editor's Apply created (an endpoint test too) are ours to the agent tools: plan_documents would change them, refusing nothing", async () => {
    for (const uri of [portal, vpn])
      writeFileSync(uri.fsPath, readFileSync(uri.fsPath, 'utf8').replace('"interval": 300', '"interval": 600'));
    const answer = await (
      await netmonApi()
    )
      .lmTools()
      .invoke(
        'plan_documents',
        { paths: [vscode.workspace.asRelativePath(folder)] },
        new vscode.CancellationTokenSource().token,
      );
    const text = answer.content
      .map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : ''))
      .join('');
    assert.match(text, /update test "Apply portal" \(http-server \d+\)[^\n]*: interval/, text);
    assert.match(text, /(update|replace) endpoint test "VPN from Macs" \(agent-to-server \d+\)/, text);
    assert.doesNotMatch(text, /not ours/, text);
    assert.match(text, /apply_documents \(writes allowed\) would make these changes/, text);
  });

  it('Apply of one document that updates its test offers Show Results of that test alone, without asking which', async () => {
    const { result, prompts } = await answering(
      (prompt) => {
        if (prompt.kind === 'confirm') return 'Apply';
        if (prompt.kind === 'offer' && prompt.actions.includes('Show Results')) return 'Show Results';
        return undefined;
      },
      () => vscode.commands.executeCommand<Applied>('netmon.documents.apply', portal),
      (seen) => seen.some((p) => p.kind === 'offer'),
    );
    assert.deepEqual(
      result?.completed.map((step) => `${step.action} ${step.testName}`),
      ['update Apply portal'],
      'the other document is not in this Apply',
    );
    const metrics = await waitForPanels(
      'the results of the updated test',
      (states) => states.find((s) => s.kind === 'metrics' && s.title === 'Metrics: Apply portal'),
      30_000,
    );
    assert.ok(metrics);
    assert.deepEqual(
      prompts.map((p) => p.kind),
      ['confirm', 'offer'],
      'no question which test',
    );
    await closeEditors();
  });
});
