// Run Now against the emulator speaking v7 (netmon.apiVersion v7): an http-server test
// document runs whole as an enterprise instant test at one click of its lens, and the
// instant results panel fills in with a row per agent; a deployed test runs again from the
// Deployed Tests node; after Create the notification offers Run Now and Show Results; the
// plan's lenses open each bound test's results. An http-server document offers Run Now from
// enterprise agents and from endpoint agents, each lens click the one consent. (v6 is in the
// "deploying and running documents" suite: there Run Now says it needs v7.)
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { RunningEmulator } from '../../../src/emulator';
import { waitFor } from '../helpers';
import {
  closeEditors,
  createTestDirectly,
  openDocument,
  startDocumentSuite,
  writeDocument,
  type DocumentSuite,
  type WorkspaceScratch,
} from './documents-fixture';
import {
  acceptConfirmations,
  answeringPrompts,
  childrenOf,
  clearEmulatorRequests,
  emulatorRequests,
  netmonApi,
  root,
} from './netmon-fixture';
import { panelStates, sendFromWebview, waitForPanels } from './panels-fixture';

interface EnterpriseRun {
  testId: number;
  testName: string;
  type: string;
  instant: boolean;
  panelId: string;
  cancelled: boolean;
  text: string;
  json: string;
  outcome: { kind: string; agents: { agentId: string; agentName: string; health: string }[]; missing: string[] };
}
interface InstantRun {
  testId: number;
  type: string;
  records: { agentId: string }[];
  panelId: string;
  text: string;
  json: string;
}
interface Drawn {
  testId: number;
  rows: number;
  waiting?: number;
  running?: boolean;
}

describe('Run Now of enterprise tests (v7)', () => {
  let emulator: RunningEmulator;
  let scratch: WorkspaceScratch;
  let agentIds: string[] = [];
  let target = '';
  let suite: DocumentSuite;

  before(async function () {
    this.timeout(60_000);
    // A real clock: the run's round answers one second after it was asked for.
    suite = await startDocumentSuite('run-now', {
      v7: true,
      emulator: { now: () => Date.now(), instantTestDelaySeconds: 1 },
      beforeSignIn: async (started) => {
        const group = started.world.group(started.world.accountGroups[0]?.aid ?? 0);
        const agents = (group?.enterpriseAgents() ?? []).map((agent) => String(agent.agentId));
        agentIds = agents.slice(0, 3);
        target = agents[3] ?? '';
        assert.equal(agentIds.length, 3);
        // Deployed from elsewhere before signing in: Deployed Tests lists it.
        await createTestDirectly(started, 'agent-to-server', {
          testName: 'VPN from the offices',
          interval: 300,
          agents: agentIds.map((agentId) => ({ agentId })),
          server: 'vpn.example.com',
          port: 443,
        });
      },
    });
    ({ emulator, scratch } = suite);
  });
  after(() => suite.end());

  const drawnWhenDone = (panelId: string): Promise<Drawn> =>
    waitForPanels(`run panel ${panelId} drawn with every answer`, (states) => {
      const drawn = states.find((state) => state.id === panelId)?.rendered as Drawn | undefined;
      return drawn && drawn.running === false ? drawn : undefined;
    });

  it('Run Now on an http-server document: one click sends the whole document as an instant test and the panel shows a row per agent', async function () {
    this.timeout(60_000);
    const document = {
      type: 'http-server',
      testName: 'Portal before deploy',
      interval: 300,
      agents: agentIds.map((agentId) => ({ agentId: Number(agentId) })),
      enabled: 1,
      url: 'https://portal.example.com/',
    };
    const uri = writeDocument(scratch.path, 'portal.netmon-test.json', JSON.stringify(document, null, 2));
    await openDocument(uri);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    const lens = lenses.find((l) => l.command?.title === '$(play) Run Now from enterprise agents');
    assert.equal(lens?.command?.command, 'netmon.documents.runNow', lenses.map((l) => l.command?.title).join(' | '));
    await clearEmulatorRequests(emulator);
    const { result: run, prompts: asked } = await answeringPrompts(acceptConfirmations, () =>
      vscode.commands.executeCommand<EnterpriseRun | undefined>(
        lens.command!.command,
        ...(lens.command!.arguments ?? []),
      ),
    );
    assert.deepEqual(asked, [], 'the lens click is the consent');
    assert.ok(run, 'the run reported a failure');
    // The same token again, or none (a command URI, the palette), is asked about; cancelled, nothing runs.
    for (const args of [lens.command!.arguments ?? [], [uri]]) {
      const { result: refused, prompts: again } = await answeringPrompts(
        () => undefined,
        () => vscode.commands.executeCommand<EnterpriseRun | undefined>('netmon.documents.runNow', ...args),
      );
      assert.equal(refused, undefined);
      assert.ok(
        again.some(
          (p) => p.kind === 'confirm' && p.message === 'Run "Portal before deploy" once now as an instant test?',
        ),
        JSON.stringify(again),
      );
    }
    assert.equal(run.instant, true);
    const requests = await emulatorRequests(emulator);
    const sent = requests.filter((r) => r.method === 'POST');
    assert.deepEqual(
      sent.map((r) => r.path),
      ['/v7/tests/http-server/instant'],
      'one instant test, nothing deployed',
    );
    const { agents, ...fields } = sent[0]?.body as Record<string, unknown>;
    const { type: _type, agents: _agents, ...documentFields } = document;
    assert.deepEqual(fields, documentFields, 'every field of the document went, as Create sends it');
    assert.deepEqual(
      (agents as { agentId: unknown }[]).map((a) => String(a.agentId)),
      agentIds,
    );
    assert.ok(
      requests.some((r) => r.method === 'GET' && r.path === `/v7/test-results/${run.testId}/http-server`),
      "the wait reads the run's own results",
    );

    assert.deepEqual(run.outcome.missing, []);
    assert.deepEqual(run.outcome.agents.map((a) => a.agentId).sort(), [...agentIds].sort(), 'every agent answered');
    const drawn = await drawnWhenDone(run.panelId);
    assert.equal(drawn.rows, 3, 'a row per agent');
    assert.equal(drawn.waiting, 0);
    const panel = (await panelStates()).find((state) => state.id === run.panelId);
    assert.equal(panel?.title, 'Instant: Portal before deploy');
    assert.match(
      run.text,
      /^Portal before deploy \(http-server instant run, test \d+\)\n3 agents: \d+ failing, \d+ slow, \d+ fine/,
    );
    for (const agent of run.outcome.agents)
      assert.ok(run.text.includes(agent.agentName), `${agent.agentName} has its row`);
  });

  describe('from endpoint agents', () => {
    it('an http-server document offers both runs; the endpoint lens runs its url on endpoint agents without asking, the palette asks once', async function () {
      this.timeout(90_000);
      const url = 'https://intranet-portal.example.com/login';
      const uri = writeDocument(
        scratch.path,
        'endpoints/portal.netmon-test.json',
        JSON.stringify(
          {
            type: 'http-server',
            testName: 'Portal from everywhere',
            interval: 300,
            agents: agentIds.map((agentId) => ({ agentId: Number(agentId) })),
            url,
          },
          null,
          2,
        ),
      );
      const pageLoad = writeDocument(
        scratch.path,
        'endpoints/home.netmon-test.json',
        JSON.stringify({ type: 'page-load', testName: 'Home', interval: 300, agents: [{ agentId: 1 }], url }),
      );
      await openDocument(pageLoad);
      const pageLoadLenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
        'vscode.executeCodeLensProvider',
        pageLoad,
      );
      const single = pageLoadLenses.filter((l) => l.command?.title.startsWith('$(play) Run Now'));
      assert.deepEqual(
        single.map((l) => [l.command?.title, l.command?.tooltip]),
        [
          [
            '$(play) Run Now',
            'From its enterprise agents (a page-load test has no endpoint-agent instant form: endpoint agents run ' +
              'agent-to-server and http-server instant tests only)',
          ],
        ],
        'a type without an endpoint counterpart: one Run Now, saying why',
      );

      await openDocument(uri);
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
      const titles = lenses.map((l) => l.command?.title ?? '');
      assert.deepEqual(
        titles.filter((title) => title.startsWith('$(play)')),
        ['$(play) Run Now from enterprise agents', '$(play) Run Now from endpoint agents'],
        titles.join(' | '),
      );
      const lens = lenses.find((l) => l.command?.title === '$(play) Run Now from endpoint agents')!.command!;

      await clearEmulatorRequests(emulator);
      const { result: run, prompts: asked } = await answeringPrompts(acceptConfirmations, () =>
        vscode.commands.executeCommand<InstantRun | undefined>(lens.command, ...(lens.arguments ?? [])),
      );
      assert.ok(run, `the run failed; prompts: ${JSON.stringify(asked)}`);
      assert.deepEqual(
        asked.filter((p) => p.kind === 'confirm'),
        [],
        'the lens click is the one consent',
      );
      const posts = (await emulatorRequests(emulator)).filter((r) => r.method === 'POST');
      assert.deepEqual(
        posts.map((r) => r.path),
        ['/v7/endpoint/tests/scheduled-tests/http-server/instant'],
        'one endpoint instant test, nothing deployed',
      );
      assert.equal((posts[0]?.body as { url?: string }).url, url, "the document's url");
      assert.equal(run.type, 'http-server');
      const group = emulator.world.group(emulator.world.accountGroups[0]?.aid ?? 0);
      assert.ok(run.records.length > 0, 'endpoint agents answered');
      for (const record of run.records)
        assert.ok(group?.endpointAgent(String(record.agentId)), `${record.agentId} is an endpoint agent`);
      const shown = JSON.parse(run.json) as { runNowOf: string; notCarriedOver: { field: string }[] };
      assert.deepEqual(
        [shown.runNowOf, shown.notCarriedOver.map((n) => n.field)],
        [vscode.workspace.asRelativePath(uri), ['agents', 'interval']],
      );
      const panel = await waitForPanels('the instant results panel of the endpoint run', (states) =>
        states.find((s) => s.id === run.panelId && (s.rendered as Drawn | undefined)?.testId === run.testId),
      );
      assert.equal(panel.kind, 'instant');
      assert.match(panel.title, /^Instant: Portal from everywhere \(run now \d\d:\d\d:\d\d UTC\)$/);
      assert.equal(
        (panel.rendered as Drawn).rows,
        new Set(run.records.map((r) => r.agentId)).size,
        'a row per endpoint agent',
      );

      // The palette (no token) asks once, then runs; the lens's token again asks too, and declined, nothing runs.
      await openDocument(uri); // the palette runs on the active editor's document
      await clearEmulatorRequests(emulator);
      const { result: fromPalette, prompts: palettePrompts } = await answeringPrompts(acceptConfirmations, () =>
        vscode.commands.executeCommand<InstantRun | undefined>(lens.command),
      );
      assert.deepEqual(
        palettePrompts.filter((p) => p.kind === 'confirm').map((p) => p.message),
        ['Run "Portal from everywhere" once now from endpoint agents?'],
      );
      assert.ok(fromPalette?.records.length, 'the palette run ran');
      await clearEmulatorRequests(emulator);
      const { result: again, prompts: againPrompts } = await answeringPrompts(
        () => undefined,
        () => vscode.commands.executeCommand<InstantRun | undefined>(lens.command, ...(lens.arguments ?? [])),
      );
      assert.equal(again, undefined);
      assert.equal(againPrompts.filter((p) => p.kind === 'confirm').length, 1, 'a used token is no consent');
      assert.deepEqual(
        (await emulatorRequests(emulator)).filter((r) => r.method === 'POST'),
        [],
        'declined: nothing sent',
      );
      await closeEditors();
    });
  });

  it('every other type the service runs now runs from its document, each agent answering with its health', async function () {
    this.timeout(90_000);
    const targets: Record<string, Record<string, unknown>> = {
      'agent-to-server': { server: 'vpn.example.com' },
      'agent-to-agent': { targetAgentId: Number(target) },
      'dns-server': { domain: 'example.com' },
      'dns-trace': { domain: 'example.com' },
      'dns-dnssec': { domain: 'example.com' },
      'page-load': { url: 'https://www.example.com/' },
      'web-transactions': {
        url: 'https://www.example.com/',
        transactionScript: 'await driver.get("https://www.example.com/");',
      },
      'ftp-server': {
        url: 'ftp://ftp.example.com/pub/file.txt',
        requestType: 'download',
        username: 'anonymous',
        password: '',
      },
      'sip-server': { targetSipCredentials: { sipRegistrar: 'sip.example.com', port: 5060, protocol: 'tcp' } },
      voice: { targetAgentId: Number(target) },
    };
    // Each waits on its own results: a voice test's are its RTP stream's.
    const kinds: Record<string, string> = {
      'agent-to-server': 'network',
      'agent-to-agent': 'network',
      'dns-dnssec': 'dnssec',
      voice: 'rtp-server',
    };
    for (const [type, fields] of Object.entries(targets)) {
      const uri = writeDocument(
        scratch.path,
        `types/${type}.netmon-test.json`,
        JSON.stringify(
          {
            type,
            testName: `Every type: ${type}`,
            interval: 300,
            agents: agentIds.map((agentId) => ({ agentId: Number(agentId) })),
            ...fields,
          },
          null,
          2,
        ),
      );
      await openDocument(uri);
      const { result: run, prompts } = await answeringPrompts(acceptConfirmations, () =>
        vscode.commands.executeCommand<EnterpriseRun | undefined>('netmon.documents.runNow', uri),
      );
      assert.ok(run, `${type}: ${JSON.stringify(prompts)}`);
      assert.deepEqual(
        [run.type, run.outcome.kind, run.outcome.agents.length, run.outcome.missing],
        [type === 'dns-dnssec' ? 'dnssec' : type, kinds[type] ?? type, 3, []],
        type,
      );
      const drawn = await drawnWhenDone(run.panelId);
      assert.equal(drawn.rows, 3, type);
    }
    await closeEditors();
  });

  it('Run Deployed Test Now on a Deployed Tests node runs it again; its rows link to the metrics and path; Cancel stops waiting', async function () {
    this.timeout(60_000);
    const api = await netmonApi();
    const types = await childrenOf(api, await root(api, 'Deployed Tests'));
    const tests = await childrenOf(
      api,
      types.find((t) => t.label === 'agent-to-server')!,
    );
    const test = tests.find((t) => t.label === 'VPN from the offices');
    assert.ok(test, tests.map((t) => t.label).join(', '));
    await clearEmulatorRequests(emulator);
    const run = await vscode.commands.executeCommand<EnterpriseRun | undefined>('netmon.documents.runDeployed', test);
    assert.ok(run, 'the run reported a failure');
    assert.equal(run.instant, false);
    const created = { testId: Number(test.spec.ids?.testId) };
    assert.equal(run.testId, created.testId);
    const posts = (await emulatorRequests(emulator)).filter((r) => r.method === 'POST').map((r) => r.path);
    assert.deepEqual(posts, [`/v7/tests/${created.testId}/run`]);
    assert.equal(run.outcome.agents.length, 3);
    const drawn = await drawnWhenDone(run.panelId);
    assert.equal(drawn.rows, 3);
    // The row's Metrics link opens the deployed test's metrics panel.
    await sendFromWebview(run.panelId, {
      type: 'openMetrics',
      params: { testId: created.testId, agentId: agentIds[0] },
    });
    await waitForPanels('the metrics panel of the test', (states) =>
      states.find((s) => s.kind === 'metrics' && s.title === 'Metrics: VPN from the offices'),
    );

    // A second run gets a panel of its own; Cancel in it stops the wait (a slow read of the results here) and says so.
    emulator.setFaults([{ fault: 'latency', latencyMs: 8_000, pathPrefix: `/v7/test-results/${created.testId}/` }]);
    // By id (the plan's lens, the palette) it asks first, naming the test.
    const second = answeringPrompts(acceptConfirmations, () =>
      vscode.commands.executeCommand<EnterpriseRun | undefined>('netmon.documents.runDeployed', created.testId),
    ).then(({ result, prompts }) => {
      assert.ok(
        prompts.some((p) => p.kind === 'confirm' && p.message === `Run deployed test ${created.testId} once now?`),
        JSON.stringify(prompts),
      );
      return result;
    });
    const secondPanel = await waitForPanels("a second run's panel", (states) =>
      states.find(
        (s) => s.kind === 'instant' && s.id !== run.panelId && (s.rendered as Drawn | undefined)?.running === true,
      ),
    );
    await sendFromWebview(secondPanel.id, { type: 'cancel', params: { testId: created.testId } });
    const cancelled = await second;
    emulator.setFaults([]);
    assert.ok(cancelled?.cancelled, 'the run says it was cancelled');
    assert.match(cancelled.text, /Stopped waiting \(Cancel\)/);
    await closeEditors();
  });

  it('after Create, the notification offers Run Now and Show Results; Run Now runs the new test; the plan links it to its results', async function () {
    this.timeout(60_000);
    const uri = writeDocument(
      scratch.path,
      'plan/zone.netmon-test.json',
      JSON.stringify(
        {
          type: 'agent-to-server',
          testName: 'Zone gateway',
          interval: 300,
          agents: agentIds.map((agentId) => ({ agentId: Number(agentId) })),
          server: 'zone.example.com',
        },
        null,
        2,
      ),
    );
    await openDocument(uri);
    await clearEmulatorRequests(emulator);
    const offered: string[][] = [];
    const confirmed: string[] = [];
    const api = await netmonApi();
    api.prompts.respondWith((prompt) => {
      if (prompt.kind === 'confirm') {
        confirmed.push(prompt.message);
        return prompt.actions[0];
      }
      if (prompt.kind === 'offer' && prompt.message.startsWith('Created test "Zone gateway"')) {
        offered.push([...prompt.actions]);
        return 'Run Now';
      }
      return undefined;
    });
    try {
      const created = await vscode.commands.executeCommand<{ testId: number } | undefined>(
        'netmon.documents.create',
        uri,
      );
      assert.ok(created, 'Create reported a failure');
      await waitFor('the offer after Create', () => (offered.length > 0 ? true : undefined));
      assert.deepEqual(offered[0], ['Run Now', 'Show Results']);
      const run = await waitForPanels(
        'the run of the new test',
        (states) =>
          states.find(
            (s) =>
              s.kind === 'instant' &&
              s.title === 'Instant: Zone gateway' &&
              (s.rendered as Drawn | undefined)?.running === false,
          ),
        30_000,
      );
      assert.equal((run.rendered as Drawn).testId, created.testId);
      const posts = (await emulatorRequests(emulator)).filter((r) => r.method === 'POST').map((r) => r.path);
      assert.deepEqual(posts, ['/v7/tests/agent-to-server', `/v7/tests/${created.testId}/run`]);
      assert.deepEqual(
        confirmed.map((message) => message.split(' in ')[0]),
        ['Create test "Zone gateway"'],
        "the offer's Run Now is the consent: only Create asked",
      );

      const planned = await vscode.commands.executeCommand<{ document: vscode.TextDocument } | undefined>(
        'netmon.documents.plan',
        vscode.Uri.joinPath(uri, '..'),
      );
      assert.ok(planned, 'Plan reported a failure');
      assert.match(
        planned.document.getText(),
        new RegExp(
          `\\nResults of the bound tests [^\\n]*\\n {2}test ${created.testId} · [^\\n]*zone\\.netmon-test\\.json\\n`,
        ),
      );
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
        'vscode.executeCodeLensProvider',
        planned.document.uri,
      );
      const results = lenses.find((l) => l.command?.title === `$(graph) Results of test ${created.testId}`);
      assert.equal(
        results?.command?.command,
        'netmon.showTestResults',
        lenses.map((l) => l.command?.title).join(' | '),
      );
      const shown = await vscode.commands.executeCommand<{ panels: string[] }>(
        results.command.command,
        ...(results.command.arguments ?? []),
      );
      assert.equal(shown?.panels.length, 2, 'metrics and path of the test');
    } finally {
      api.prompts.respondWith(undefined);
      await closeEditors();
    }
  });
});
