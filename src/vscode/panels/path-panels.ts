// The path visualization of a scheduled test: the path-vis summaries give the rounds and
// their agents; the detailed traces of one round are fetched per agent and merged by the
// webview. Picking another round fetches that round; "as text" opens the mtr-style report.
import type { PathTrace, PathVisSummary } from '../../api/types';
import { pathRounds, type PathRound } from '../../analysis/path';
import { leftOut, readNewestFitting, type PartReader } from '../../analysis/results/newest';
import {
  isPathPanelMessage,
  type PathHostMessage,
  type PathPanelMessage,
  type PathRoundOption,
  type PathSources,
} from '../../../webview/path/protocol';
import { compareWithSession, type SessionSide, type SourceAgreement } from '../../analysis/session/path-agreement';
import { roundsAroundStart } from '../../analysis/alerts/explain';
import type { ResultsAt, TestTarget } from './args';
import { agentNames, historyRange, type TimeOptions } from './data';
import { pathRange, sourceOf, type TestDataSource } from './test-sources';
import type { PanelHost } from './panel-host';
import { pickSessionsAroundRound } from './round-sessions';
import type { PathTextDocuments } from '../path-text/path-text';
import { createPanelHost, type PanelServices } from './services';
import { exportEvidence } from '../evidence/export-evidence';
import { pathPanelEvidence } from '../evidence/panel-evidence';
import { shareForTicket } from '../evidence/share-ticket';
import { roundMinute } from '../../analysis/text/utc';
import { MAX_SUMMARIES } from '../../analysis/path/read-rounds';

/** Rounds read before a moment (the newest before it, when none follows) and after it, to find its round. */
const BEFORE_START_MS = 15 * 60_000;
const AFTER_START_MS = 60 * 60_000;
const MINUTE_MS = 60_000;

interface PathState {
  title: string;
  testName: string;
  rounds: PathRoundOption[];
  agentsByRound: Map<number, string[]>;
  names: Record<string, string>;
  roundId: number | undefined;
  traces: PathTrace[];
  /** The round the shown one is compared with, and its traces. */
  baseline?: { roundId: number; traces: PathTrace[] };
  /** Opened from a session: its own measurements, shown beside each round. */
  session?: SessionSide;
}

type Host = PanelHost<PathHostMessage, PathPanelMessage>;

export class PathPanels {
  private readonly states = new Map<string, PathState>();
  /** The test each panel shows and where its data comes from, by panel id. */
  private readonly tests = new Map<string, { testId: number; source: TestDataSource }>();

  constructor(
    private readonly services: PanelServices,
    private readonly texts: PathTextDocuments,
  ) {}

  /** Opens (or reveals and re-targets) the path panel of a test; resolves to the panel id. */
  async open(target: TestTarget): Promise<string> {
    const source = sourceOf(target);
    const key = `path:${source.keyPrefix}${target.testId}`;
    const existing = this.services.registry.byKey(key) as Host | undefined;
    if (existing) {
      existing.panel.reveal();
      const state = this.states.get(existing.id);
      if (state && target.session) state.session = target.session;
      if (!state)
        await this.start(existing, target); // the first load failed: try again
      else if (target.at && target.roundId === undefined) await this.showAt(existing, state, target.at);
      else if (target.roundId !== undefined || target.agentId !== undefined)
        await this.showRound(existing, state, target.roundId ?? state.roundId, target.agentId);
      return existing.id;
    }
    const host = createPanelHost<PathHostMessage, PathPanelMessage>(
      this.services,
      {
        kind: 'path',
        key,
        title: `Path: test ${target.testId}`,
        bundle: 'path',
        isPanelMessage: isPathPanelMessage,
        renderedType: 'rendered',
      },
      (message) => ({ type: 'error', params: { message } }),
    );
    this.tests.set(host.id, { testId: target.testId, source });
    host.onDidDispose(() => {
      this.states.delete(host.id);
      this.tests.delete(host.id);
    });
    host.onMessage(async (message) => {
      const current = this.states.get(host.id);
      if (!current) return;
      if (message.type === 'selectRound') await this.showRound(host, current, message.params.roundId, undefined);
      else if (message.type === 'openAsText') await this.openAsText(target.testId, current, message.params.agentId);
      else if (message.type === 'findSessions')
        await this.findSessions(current, message.params.agentIds, message.params.hop);
      else if (message.type === 'compareWith') await this.compareWith(host, current, message.params.roundId);
      else if (message.type === 'exportEvidence' || message.type === 'shareForTicket') {
        const sources = agreementOf(current);
        const { session } = current;
        const evidence = pathPanelEvidence(
          this.services,
          {
            testId: target.testId,
            testName: current.testName,
            traces: current.traces,
            names: current.names,
            ...(current.baseline ? { baseline: current.baseline } : {}),
            ...(sources ? { sources } : {}),
            // The session beside the round names it and its agent.
            ...(sources && session ? { session } : {}),
          },
          message.params.highlightHops,
        );
        await (message.type === 'exportEvidence'
          ? exportEvidence(this.services, evidence)
          : shareForTicket(this.services, evidence));
      }
    });
    await this.start(host, target);
    return host.id;
  }

  /** A user session's own traceroute as a graph (one agent, one round); resolves to the panel id. */
  openSessionTrace(userSessionId: string, trace: PathTrace, names: Record<string, string>): string {
    const key = `session-trace:${userSessionId}`;
    const existing = this.services.registry.byKey(key) as Host | undefined;
    if (existing) {
      existing.panel.reveal();
      return existing.id;
    }
    const host = createPanelHost<PathHostMessage, PathPanelMessage>(
      this.services,
      {
        kind: 'path',
        key,
        title: `Traceroute: ${trace.server}`,
        bundle: 'path',
        isPanelMessage: isPathPanelMessage,
        renderedType: 'rendered',
      },
      (message) => ({ type: 'error', params: { message } }),
    );
    const state: PathState = {
      title: `Traceroute of session ${userSessionId} to ${trace.server}`,
      testName: `session ${userSessionId}`,
      rounds: [{ roundId: trace.roundId, agents: 1 }],
      agentsByRound: new Map([[trace.roundId, [String(trace.agentId)]]]),
      names,
      roundId: trace.roundId,
      traces: [trace],
    };
    host.onMessage(async (message) => {
      if (message.type === 'openAsText')
        await this.texts.show({
          testId: 0,
          testName: state.testName,
          roundId: state.roundId,
          traces: state.traces,
          names,
        });
      if (message.type === 'findSessions') throw new Error("a session's own traceroute has no other sessions to find");
    });
    this.post(host, state, undefined);
    return host.id;
  }

  private async start(host: Host, target: TestTarget): Promise<void> {
    const client = this.services.connection.requireClient();
    const range = historyRange(target.at?.range ?? this.services.timeOptions());
    const source = sourceOf(target);
    // One round is drawn first, the round selector's list follows.
    const first = this.firstRound(source, target, range.options);
    const state = await host.run(
      `Loading the path visualization of test ${target.testId}`,
      `Loading path traces of test ${target.testId}`,
      async (signal) => {
        const [test, { rounds, note }, names] = await Promise.all([
          source.test(client, target.testId, signal),
          first
            ? first(signal).then((round) => ({
                rounds: round ? [round] : [],
                note: '',
              }))
            : this.listRounds(source, target.testId, range.options, signal),
          agentNames(client, signal),
        ]);
        const agentsByRound = new Map(rounds.map((round) => [round.roundId, round.agentIds]));
        const roundId = target.roundId ?? rounds[0]?.roundId;
        if (roundId !== undefined && !agentsByRound.has(roundId))
          agentsByRound.set(roundId, target.agentId ? [target.agentId] : []);
        const traces =
          roundId === undefined
            ? []
            : await source.traces(client, target.testId, agentsByRound.get(roundId) ?? [], roundId, signal);
        const fresh: PathState = {
          title: `${test.title} · ${range.label}${note}`,
          testName: test.testName,
          rounds: roundOptions(agentsByRound),
          agentsByRound,
          names: { ...names, ...test.agentNames },
          roundId,
          traces,
          ...(target.session ? { session: target.session } : {}),
        };
        return fresh;
      },
    );
    if (!state) return;
    this.states.set(host.id, state);
    host.panel.title = `Path: ${state.testName}`;
    this.post(host, state, target.agentId);
    if (!first) return;
    const listed = await host.run(
      `Listing the rounds of test ${target.testId}`,
      `Listing path rounds of test ${target.testId}`,
      (signal) => this.listRounds(source, target.testId, range.options, signal),
    );
    if (!listed || this.states.get(host.id) !== state) return;
    for (const round of listed.rounds)
      if (!state.agentsByRound.has(round.roundId)) state.agentsByRound.set(round.roundId, round.agentIds);
    state.rounds = roundOptions(state.agentsByRound);
    state.title += listed.note;
    this.post(host, state, target.agentId);
  }

  /**
   * The round drawn before the range's list is read, when none was asked: at a moment (an alert's start), its round;
   * else a deployed test's newest, found from the range's last minutes. None: the list comes first (endpoint tests).
   */
  private firstRound(
    source: TestDataSource,
    target: TestTarget,
    range: TimeOptions,
  ): ((signal: AbortSignal) => Promise<PathRound | undefined>) | undefined {
    if (target.roundId !== undefined) return undefined;
    const { at } = target;
    if (at) return (signal) => this.roundAt(source, target.testId, at, signal);
    const newest = source.newestRound;
    return newest && ((signal) => newest(this.services.connection.requireClient(), target.testId, range, signal));
  }

  /**
   * The round of a moment, as explain_alert localizes an alert from its start (roundsAroundStart): the first at or
   * after it, from the rounds of the hour after it (not past the range); the moment itself, read from the given agents,
   * when none is listed there.
   */
  private async roundAt(
    source: TestDataSource,
    testId: number,
    at: ResultsAt,
    signal: AbortSignal,
  ): Promise<PathRound> {
    const startMs = at.startSeconds * 1000;
    const toMs = Math.max(startMs + MINUTE_MS, Math.min(at.range.to.getTime(), startMs + AFTER_START_MS));
    const near = { from: new Date(startMs - BEFORE_START_MS), to: new Date(toMs) };
    const { rounds } = await this.listRounds(source, testId, near, signal);
    return (
      roundsAroundStart(rounds, at.startSeconds)[0] ?? {
        roundId: at.startSeconds,
        agentIds: [...at.agentIds],
        meanHops: 0,
      }
    );
  }

  /** An open panel asked for a moment: its round, added to the selector when it is not listed. */
  private async showAt(host: Host, state: PathState, at: ResultsAt): Promise<void> {
    const shown = this.tests.get(host.id);
    if (!shown) return;
    const round = await host.run(
      `Finding the round of ${roundMinute(at.startSeconds)}`,
      'Finding the round',
      (signal) => this.roundAt(shown.source, shown.testId, at, signal),
    );
    if (!round) return;
    if (!state.agentsByRound.has(round.roundId)) state.agentsByRound.set(round.roundId, round.agentIds);
    await this.showRound(host, state, round.roundId, undefined);
  }

  /**
   * The rounds of the range with their agents, newest first, from the path-vis summaries (a
   * deployed test's from the range's newest part that fits MAX_SUMMARIES), and what the cap left out.
   */
  private async listRounds(
    source: TestDataSource,
    testId: number,
    range: TimeOptions,
    signal: AbortSignal,
  ): Promise<{ rounds: PathRound[]; note: string }> {
    const client = this.services.connection.requireClient();
    const summaries: PartReader<PathVisSummary> = (within, maxRecords) =>
      source.pathVis(client, testId, { ...within, signal }).collect({ maxRecords });
    const whole = pathRange(range);
    const read = source.newestRound
      ? await readNewestFitting(summaries, whole, MAX_SUMMARIES)
      : { ...(await summaries(whole, MAX_SUMMARIES)), range: whole };
    const cut = leftOut(read, MAX_SUMMARIES, 'path summaries');
    return { rounds: pathRounds(read.records), note: cut ? ` · rounds of ${cut.part}: ${cut.why}` : '' };
  }

  private async showRound(
    host: Host,
    state: PathState,
    roundId: number | undefined,
    highlightAgentId: string | undefined,
  ): Promise<void> {
    if (roundId === undefined) return;
    host.post({ type: 'loading', params: { roundId } });
    const agents = state.agentsByRound.get(roundId) ?? (highlightAgentId ? [highlightAgentId] : []);
    const traces = await host.run(
      `Loading the path traces of round ${roundId}`,
      `Loading path traces of ${agents.length} agent(s)`,
      (signal) => this.roundTraces(host, agents, roundId, signal),
    );
    if (!traces) return;
    if (!state.agentsByRound.has(roundId)) {
      // a round outside the listed ones (picked in the metrics panel)
      state.agentsByRound.set(roundId, agents);
      state.rounds = roundOptions(state.agentsByRound);
    }
    state.roundId = roundId;
    state.traces = traces;
    this.post(host, state, highlightAgentId);
  }

  /** The traces of one round of the test the panel shows, from its source. */
  private roundTraces(
    host: Host,
    agentIds: readonly string[],
    roundId: number,
    signal: AbortSignal,
  ): Promise<PathTrace[]> {
    const shown = this.tests.get(host.id);
    if (!shown) throw new Error('the path panel was closed');
    return shown.source.traces(this.services.connection.requireClient(), shown.testId, agentIds, roundId, signal);
  }

  private post(host: Host, state: PathState, highlightAgentId: string | undefined): void {
    host.show({
      type: 'load',
      params: {
        title: state.title,
        traces: state.traces,
        rounds: state.rounds,
        roundId: state.roundId,
        agentNames: state.names,
        ...(highlightAgentId ? { highlightAgentId } : {}),
        ...(state.baseline ? { baseline: state.baseline } : {}),
        ...sourcesParams(agreementOf(state)),
      },
    });
  }

  /** "Compare with…": fetches the baseline round (one the selector lists) and draws both; none stops comparing. */
  async compareWith(host: Host, state: PathState, roundId: number | undefined): Promise<void> {
    if (roundId === undefined) {
      delete state.baseline;
      this.post(host, state, undefined);
      return;
    }
    const agents = state.agentsByRound.get(roundId);
    if (!agents) throw new Error(`compareWith names round ${roundId}, which the panel does not list`);
    const traces = await host.run(
      `Loading the path traces of round ${roundId}`,
      `Loading the baseline round (${agents.length} agents)`,
      (signal) => this.roundTraces(host, agents, roundId, signal),
    );
    if (!traces) return;
    state.baseline = { roundId, traces };
    this.post(host, state, undefined);
  }

  /**
   * "Compare Path with Round…" from a test node: the path panel, then a quick pick of the
   * rounds it lists; the chosen one becomes the baseline. Resolves to the panel id.
   */
  async compareRounds(target: TestTarget): Promise<string> {
    const id = await this.open(target);
    const host = this.services.registry.byKey(`path:${sourceOf(target).keyPrefix}${target.testId}`) as Host | undefined;
    const state = host && this.states.get(host.id);
    if (!host || !state) return id; // the load failed: the panel says why
    const choices = state.rounds
      .filter((round) => round.roundId !== state.roundId)
      .map((round) => ({
        label: roundMinute(round.roundId),
        description: `${round.agents} agents`,
        roundId: round.roundId,
      }));
    if (choices.length === 0)
      throw new Error(
        `test ${target.testId} has no other round in the view's range to compare with; widen the time range`,
      );
    const chosen = await this.services.prompts.choose(choices, {
      title: `Compare round ${state.roundId === undefined ? '' : roundMinute(state.roundId)} with…`,
      placeHolder: 'The baseline round',
    });
    if (chosen) await this.compareWith(host, state, chosen.roundId);
    return id;
  }

  /** The user sessions of the agents through a hop, around the shown round: picked, then opened. */
  private async findSessions(state: PathState, agentIds: readonly string[], hop: string): Promise<void> {
    const roundId = state.roundId;
    const known = new Set(state.traces.map((trace) => String(trace.agentId)));
    if (roundId === undefined || agentIds.length === 0 || !agentIds.every((id) => known.has(id)))
      throw new Error('findSessions names agents that are not in the shown round');
    await pickSessionsAroundRound(this.services, agentIds, roundId, `through ${hop}`);
  }

  private async openAsText(testId: number, state: PathState, agentId: string | undefined): Promise<void> {
    const traces = agentId ? state.traces.filter((trace) => String(trace.agentId) === agentId) : state.traces;
    await this.texts.show({
      testId,
      testName: state.testName,
      agentId,
      roundId: state.roundId,
      traces,
      names: state.names,
    });
  }
}

/** The session the panel was opened from beside the shown round (none without a session or a round). */
function agreementOf(state: PathState): SourceAgreement | undefined {
  if (!state.session || state.roundId === undefined || state.traces.length === 0) return undefined;
  return compareWithSession(state.session, {
    testName: state.testName,
    roundId: state.roundId,
    traces: state.traces,
    agentName: (id) => state.names[id] ?? id,
  });
}

function sourcesParams(agreement: SourceAgreement | undefined): { sources?: PathSources } {
  if (!agreement) return {};
  return {
    sources: {
      agree: agreement.agree ? 'yes' : 'no',
      heading: agreement.agree ? "This session and the test's path agree." : (agreement.lines[0] ?? ''),
      session: agreement.session,
      path: agreement.path,
      reasons: agreement.reasons,
    },
  };
}

/** The round selector's options, newest first. */
function roundOptions(agentsByRound: ReadonlyMap<number, readonly string[]>): PathRoundOption[] {
  return [...agentsByRound.entries()]
    .sort(([a], [b]) => b - a)
    .map(([roundId, agents]) => ({ roundId, agents: agents.length }));
}
