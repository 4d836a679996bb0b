// Run Now of an enterprise test with today's API (v7): a test document sent whole as an instant
// test (the body Create would send, named agents resolved as Create resolves them, nothing
// dropped), or a deployed test run again. The results panel opens as soon as the service has
// the run and redraws at each read of the wait (backoff and the instant budget are the
// client's and the analysis module's), a row per agent; Cancel in the panel or in the
// notification stops waiting. On a v6 account: one sentence saying it needs v7.
import * as vscode from 'vscode';
import { runKindOf, waitForRun, type RunOutcome } from '../../analysis/instant/enterprise-run';
import { enterpriseRunView, type EnterpriseRunState } from '../../analysis/instant/run-view';
import { instantResultsText } from '../../analysis/instant/results';
import { INSTANT_NEEDS_V7, type EnterpriseTest, type EnterpriseTestType } from '../../api/types';
import type { CatalogAgent, RunNowPlan } from '../../documents';
import type { ConnectionManager } from '../connection/connection-manager';
import { withNotificationProgress } from '../ui/notify';
import { documentsLibrary as lib } from './library';
import type { ResultsDocuments } from './results';
import { runInstantTest, type InstantResultsViewer, type InstantRunResult } from './run';
import { deployTarget } from './target';

/** What a run showed: the panel, and the same results as text and JSON (the suites read them). */
export interface EnterpriseRunResult {
  testId: number;
  testName: string;
  type: string;
  instant: boolean;
  panelId: string;
  /** The wait's last read; `cancelled` when the user stopped waiting. */
  outcome: RunOutcome;
  cancelled: boolean;
  text: string;
  json: string;
}

/** Where the run goes: the client and account group of the document (or the connection's). */
interface RunPlace {
  client: ReturnType<ConnectionManager['requireClient']>;
  aid: string | undefined;
}

export class EnterpriseRuns {
  private runs = 0;

  constructor(
    private readonly connection: ConnectionManager,
    private readonly viewer: InstantResultsViewer,
    private readonly results: ResultsDocuments,
    /** The account's enterprise agents, for documents that name agents (agentName). */
    private readonly agents: () => Promise<readonly CatalogAgent[]>,
  ) {}

  /** Whether the connection speaks v7 (the only API that runs enterprise tests now). */
  async speaksV7(documentText?: string): Promise<boolean> {
    return (await deployTarget(this.connection, documentText).client.apiVersion()) !== 'v6';
  }

  /** The document's test, whole, as an instant test: nothing is deployed. */
  async runDocument(document: vscode.TextDocument, value: unknown): Promise<EnterpriseRunResult> {
    const text = document.getText();
    const target = deployTarget(this.connection, text);
    await requireV7(target.client);
    const resolved = await this.withAgentIds(value);
    const type = lib().testTypeOf(resolved) as EnterpriseTestType;
    runKindOf(type); // a type with no results to wait for is refused before anything is sent
    const request = lib().testCreateRequest(resolved);
    const from = vscode.workspace.asRelativePath(document.uri);
    return this.run(
      `Running "${request.body.testName}" now`,
      { client: target.client, aid: target.requestAid },
      true,
      [`Run now of ${from}, sent whole as an instant test (nothing is deployed).`],
      (signal) => target.client.runInstantTest(type, request.body, { aid: target.requestAid, signal }),
    );
  }

  /**
   * The document's target from endpoint agents (`plan`: its endpoint instant test), in the instant document's
   * results panel; v6 and v7 alike.
   */
  async runFromEndpointAgents(document: vscode.TextDocument, plan: RunNowPlan): Promise<InstantRunResult | undefined> {
    const target = deployTarget(this.connection, document.getText());
    return runInstantTest(plan.instant, this.results, {
      client: target.client,
      viewer: this.viewer,
      aid: target.requestAid,
      notCarried: plan.notCarried,
      from: vscode.workspace.asRelativePath(document.uri),
    });
  }

  /** A deployed test (by id; a bound document's place when given) run again now. */
  async runDeployed(testId: number, documentText?: string): Promise<EnterpriseRunResult> {
    const target = deployTarget(this.connection, documentText);
    await requireV7(target.client);
    const place = { client: target.client, aid: target.requestAid };
    const test = (await target.client.listEnterpriseTests({ aid: place.aid })).find((t) => t.testId === testId);
    if (!test)
      throw new Error(`Test ${testId} is not deployed in ${target.groupLabel}: create it from its document first`);
    return this.run(
      `Running test "${test.testName}" now`,
      place,
      false,
      ['The deployed test, run once now beside its schedule.'],
      async (signal) => {
        await target.client.runTest(testId, { aid: place.aid, signal });
        return test;
      },
    );
  }

  /** The test a document is bound to (on this connection and its account group), run again now. */
  async runBound(document: vscode.TextDocument): Promise<EnterpriseRunResult> {
    const text = document.getText();
    const target = deployTarget(this.connection, text);
    const testId = lib().readBinding(text, target.connectionKey, target.aidKey);
    if (testId === undefined)
      throw new Error(
        `${vscode.workspace.asRelativePath(document.uri)} is not deployed to ${target.groupLabel}: Run Now ` +
          'runs the document itself; Create deploys it',
      );
    return this.runDeployed(testId, text);
  }

  private async withAgentIds(value: unknown): Promise<unknown> {
    if (!lib().namesAgents(value)) return value;
    const resolution = lib().resolveAgentNames(value, await this.agents());
    if (resolution.problems.length > 0)
      throw new Error(`${resolution.problems.map((p) => p.message).join('; ')}; fix the document first`);
    return resolution.value;
  }

  private async run(
    title: string,
    place: RunPlace,
    instant: boolean,
    notes: string[],
    start: (signal: AbortSignal) => Promise<EnterpriseTest>,
  ): Promise<EnterpriseRunResult> {
    const stop = new AbortController();
    const key = `instant:enterprise:${++this.runs}`;
    return withNotificationProgress(title, async (progress, notificationSignal) => {
      notificationSignal.addEventListener('abort', () => stop.abort(), { once: true });
      progress.report({ message: 'starting…' });
      const since = Math.floor(Date.now() / 1000);
      const test = await start(stop.signal);
      const agentIds = (test.agents ?? []).map((agent) => String(agent.agentId));
      if (agentIds.length === 0) throw new Error(`test ${test.testId} lists no agents to wait for`);
      const state: EnterpriseRunState = {
        testId: test.testId,
        testName: String(test.testName),
        type: String(test.type),
        kind: runKindOf(String(test.type)),
        instant,
        agentNames: new Map(
          (test.agents ?? []).map((agent) => [String(agent.agentId), String(agent.agentName ?? agent.agentId)]),
        ),
        answered: [],
        waitingFor: agentIds,
        records: [],
        phase: 'running',
        notes,
      };
      const shown = this.panel(key, state, stop);
      shown.draw();
      const outcome = await this.wait(place, test, since, state, stop.signal, () => {
        progress.report({ message: `${state.answered.length} of ${agentIds.length} agents answered` });
        shown.draw();
      });
      return {
        ...shown.draw(),
        testId: test.testId,
        testName: state.testName,
        type: state.type,
        instant,
        outcome,
        cancelled: state.phase === 'cancelled',
      };
    });
  }

  /**
   * Waits for the run's answers into `state` (redrawn at each read); a stopped or failed wait is said in the panel too.
   */
  private async wait(
    place: RunPlace,
    test: EnterpriseTest,
    since: number,
    state: EnterpriseRunState,
    signal: AbortSignal,
    redraw: () => void,
  ): Promise<RunOutcome> {
    try {
      const outcome = await waitForRun(place.client, test, [...state.waitingFor], since, {
        signal,
        aid: place.aid,
        onProgress: (answered, waitingFor, records) => {
          Object.assign(state, { answered, waitingFor, records });
          redraw();
        },
      });
      state.phase = 'done';
      return outcome;
    } catch (error) {
      state.phase = signal.aborted ? 'cancelled' : 'failed';
      redraw();
      if (!signal.aborted) throw error;
      return { kind: state.kind, agents: [...state.answered], missing: [...state.waitingFor] };
    }
  }

  /** Draws the run's state in its panel, with its text and JSON one click away. */
  private panel(
    key: string,
    state: EnterpriseRunState,
    stop: AbortController,
  ): { draw(): { panelId: string; text: string; json: string } } {
    const results = this.results;
    const viewer = this.viewer;
    return {
      draw() {
        const view = enterpriseRunView(state);
        const text = instantResultsText(view);
        const json = JSON.stringify(
          {
            testId: state.testId,
            testName: state.testName,
            type: state.type,
            instant: state.instant,
            phase: state.phase,
            agents: state.answered,
            missing: state.waitingFor,
            results: state.records,
          },
          null,
          2,
        );
        const name = `run-${state.testId}-${key.split(':').pop() ?? ''}`;
        const panelId = viewer.open(
          view,
          {
            openText: () => results.show(`${name}.netmon-instant-results`, text, 'netmon-instant-results'),
            openJson: () => results.show(`${name}.json`, json),
          },
          { key, cancel: () => stop.abort() },
        );
        return { panelId, text, json };
      },
    };
  }
}

/** A v6 account: the whole message is one sentence (no "failed", no "Retry": nothing will change that). */
/** A v6 account asked for what only v7 has: its message is the sentence the user is shown. */
export class NeedsCurrentApi extends Error {
  constructor(message = `${INSTANT_NEEDS_V7.charAt(0).toUpperCase()}${INSTANT_NEEDS_V7.slice(1)}.`) {
    super(message);
  }
}

async function requireV7(client: RunPlace['client']): Promise<void> {
  if ((await client.apiVersion()) === 'v6') throw new NeedsCurrentApi();
}
