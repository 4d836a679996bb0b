// What each panel's "Export Evidence…" and "Share for a Ticket…" write: the panel's bundle (gathered with progress
// and Cancel, built by src/analysis/evidence), what identifies in it (KnownIdentifiers), the same bundle built again
// with the ids of what it names left out (for a pseudonymised share), and how the files and dialogs name it. One
// definition per panel, so the two commands can never disagree on what a panel's evidence is.
import type { PathTrace, UserSessionDetail } from '../../api/types';
import { compareSessions, type SessionComparison } from '../../analysis/session/compare';
import type { NetworkChange } from '../../analysis/session/network-changes';
import { compareWithSession, sessionSide, type SourceAgreement } from '../../analysis/session/path-agreement';
import { pathRounds } from '../../analysis/path/rounds';
import { historyRange, roundTraces } from '../panels/data';
import type { EvidenceDocument } from '../../analysis/evidence';
import type { HarPageInput } from '../../analysis/evidence/har-pages';
import type { SessionEvidenceInput } from '../../analysis/evidence/session';
import type { KnownIdentifiers } from '../../analysis/evidence/identifying';
import type { RedactedHar } from '../../analysis/evidence/attachments';
import { sharingLibrary } from '../sharing/library';
import { redactedForEvidenceOffThread } from '../sharing/redact-off-thread';
import type { HarDiffOptions } from '../../analysis/har/diff';
import { sessionNeighbourContext, type AgentTimeline } from '../../analysis/timeline/timeline';
import type { PanelServices } from '../panels/services';
import { withCancellableProgress } from '../progress';
import { evidenceContext } from './save-evidence';

/** What a pseudonymised share calls the record it is about, in its text and its file names, instead of its id. */
export const WITHHELD_ID = 'pseudonymised';

/** One panel's evidence, before anything is read. */
export interface PanelEvidence {
  /** What the bundle is of, for the dialogs: with its ids ("session 123") and naming no record ("the session"). */
  title: { asItIs: string; pseudonymised: string };
  /** The HTML's file name without its extension, as it is and pseudonymised. */
  baseName: { asItIs: string; pseudonymised: string };
  /** What a pseudonymised share leaves out besides the stand-ins ("the session's id and link"), when anything. */
  withholds?: string;
  /** Gathers what the bundle needs (with progress and Cancel) and builds it; undefined when the user cancelled. */
  build(): Promise<BuiltEvidence | undefined>;
}

export interface BuiltEvidence {
  doc: EvidenceDocument;
  /** What the pseudonymised copy replaces besides the shapes it finds (addresses, MACs, UUIDs). */
  known: KnownIdentifiers;
  /** The bundle built again without the ids and links of what it names (not yet pseudonymised). */
  withheld(): EvidenceDocument;
}

const context = (services: PanelServices): ReturnType<typeof evidenceContext> =>
  evidenceContext(services.connection, services.timeOptions());

const present = (values: readonly (string | undefined)[]): string[] => [
  ...new Set(values.filter((v): v is string => typeof v === 'string' && v !== '')),
];

// ---------------------------------------------------------------------------------------------------------------------
// The session overview

/**
 * `related`: the round of the test toward the same site the overview links to; the bundle shows the session beside it.
 */
export function sessionPanelEvidence(
  services: PanelServices,
  session: UserSessionDetail,
  related?: { testId: number; roundId: number },
): PanelEvidence {
  const id = String(session.userSessionId);
  return {
    title: { asItIs: `session ${id}`, pseudonymised: 'the session' },
    baseName: { asItIs: `evidence-session-${id}`, pseudonymised: `evidence-session-${WITHHELD_ID}` },
    withholds: "the session's id and link",
    build: async () => {
      const input = await sessionEvidenceInput(services, session, related);
      if (!input) return undefined;
      return {
        doc: sharingLibrary().sessionEvidence(input),
        known: sessionKnownIdentifiers(session, input.agentName),
        // The link names the session too.
        withheld: () =>
          sharingLibrary().sessionEvidence({
            ...input,
            session: { ...input.session, userSessionId: WITHHELD_ID, permalink: '' },
            links: [],
          }),
      };
    },
  };
}

/**
 * What a session's bundle is made of: its pages' HARs (redacted), the agent's name and records around it, the path
 * beside it; read with progress and Cancel. Undefined when cancelled.
 */
export async function sessionEvidenceInput(
  services: PanelServices,
  session: UserSessionDetail,
  related: { testId: number; roundId: number } | undefined,
): Promise<SessionEvidenceInput | undefined> {
  const client = services.connection.requireClient();
  const id = String(session.userSessionId);
  const { pages, failed, agentName, neighbours, pathAgreement } = await withCancellableProgress(
    `Gathering the evidence of session ${id}`,
    async (signal) => {
      const [read, directory, around] = await Promise.all([
        sharingLibrary().readSessionPages(client, session, signal),
        client.agentDirectory().ready(signal),
        sessionNeighbourContext(client, session, signal),
      ]);
      const names = directory.names();
      const beside = related
        ? await pathBesideSession(services, session, related, names, around?.networkChanges, signal)
        : undefined;
      return { ...read, agentName: names[String(session.agentId)], neighbours: around, pathAgreement: beside };
    },
  );
  const redacted = await redactedPages(pages);
  if (!redacted) return undefined;
  const permalink = typeof session.permalink === 'string' ? [{ label: `Session ${id}`, url: session.permalink }] : [];
  // The verdict the panel shows: in the context of the agent's records around the session. The header's range is the
  // session's own (the builder's), not the view's.
  return {
    ...context(services),
    session,
    pages: redacted,
    ...(agentName ? { agentName } : {}),
    ...(neighbours ? { context: neighbours } : {}),
    omissions: failed,
    links: permalink,
    ...(pathAgreement ? { pathAgreement } : {}),
  };
}

/** What the pseudonymised bundle of a session replaces besides the shapes it finds: its id, SSID and agent's name. */
export function sessionKnownIdentifiers(session: UserSessionDetail, agentName: string | undefined): KnownIdentifiers {
  return {
    sessionIds: [String(session.userSessionId)],
    ssids: sessionSsids([session]),
    ...(agentName ? { agentNames: [agentName] } : {}),
  };
}

/** The Wi-Fi network names of the sessions: the pseudonymised bundle replaces them. */
function sessionSsids(sessions: readonly UserSessionDetail[]): string[] {
  return present(
    sessions.map((session) => {
      const network = session.network as Partial<UserSessionDetail['network']> | undefined;
      const ssid = network?.networkProfile?.wirelessProfile?.ssid;
      return typeof ssid === 'string' ? ssid : undefined;
    }),
  );
}

/**
 * The session's own measurements beside the linked round of the test toward the same site; none when that round cannot
 * be read.
 */
async function pathBesideSession(
  services: PanelServices,
  session: UserSessionDetail,
  related: { testId: number; roundId: number },
  names: Readonly<Record<string, string>>,
  networkChanges: readonly NetworkChange[] | undefined,
  signal: AbortSignal,
): Promise<SourceAgreement | undefined> {
  const client = services.connection.requireClient();
  try {
    const summaries = await client
      .pathVis(related.testId, { ...historyRange(services.timeOptions()).options, signal })
      .collect({ maxRecords: 10_000 });
    const agents = pathRounds(summaries.records).find((round) => round.roundId === related.roundId)?.agentIds ?? [];
    if (agents.length === 0) return undefined;
    const [test, traces] = await Promise.all([
      client.getEndpointTest(related.testId, { signal }),
      roundTraces(client, related.testId, agents, related.roundId, signal),
    ]);
    return compareWithSession(sessionSide(session, names[String(session.agentId)], networkChanges), {
      testName: test.testName,
      roundId: related.roundId,
      traces,
      agentName: (agentId) => names[agentId] ?? agentId,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    return undefined; // the bundle is still worth writing without the comparison
  }
}

/**
 * The pages' HARs redacted on the worker thread, as Export HAR… does: a session's HARs take seconds to redact.
 * `limit`: pages redacted at most (the rest are not attached). Undefined when cancelled.
 */
async function redactedPages(
  pages: readonly HarPageInput[],
  limit: number = sharingLibrary().EVIDENCE_LIMITS.maxHars,
  whose = '',
): Promise<(HarPageInput & { redacted: RedactedHar })[] | undefined> {
  const done: (HarPageInput & { redacted: RedactedHar })[] = [];
  for (const [i, page] of pages.slice(0, limit).entries()) {
    const redacted = await redactedOffThread(page.har, `page ${i + 1} of ${pages.length}${whose}`);
    if (!redacted) return undefined;
    done.push({ ...page, redacted });
  }
  return done;
}

/** One HAR redacted on the worker thread and read for a bundle; undefined when cancelled. */
async function redactedOffThread(har: unknown, what: string): Promise<RedactedHar | undefined> {
  const result = await redactedForEvidenceOffThread(har, what);
  return result && sharingLibrary().redactedForEvidence(result.har, result.report);
}

// ---------------------------------------------------------------------------------------------------------------------
// The path visualization

export interface PathEvidenceState {
  testId: number;
  testName: string;
  traces: readonly PathTrace[];
  names: Readonly<Record<string, string>>;
  baseline?: { traces: readonly PathTrace[] };
  /** Opened from a session: its own measurements beside the round's. */
  sources?: SourceAgreement;
  /** That session: its id and its agent's name identify too. */
  session?: { userSessionId: string; agentName?: string };
}

export function pathPanelEvidence(
  services: PanelServices,
  state: PathEvidenceState,
  highlightHops: readonly string[],
): PanelEvidence {
  const build = (test: { id: number | string; name: string }, withLinks: boolean): EvidenceDocument => {
    // The traces' permalinks name the test and the agents.
    const traces = (list: readonly PathTrace[]): readonly PathTrace[] =>
      withLinks ? list : list.map(({ permalink: _link, ...trace }) => trace as PathTrace);
    return sharingLibrary().pathEvidence({
      ...context(services),
      test,
      traces: traces(state.traces),
      agentNames: state.names,
      highlightHops: highlightHops.slice(0, sharingLibrary().EVIDENCE_LIMITS.maxHighlightedHops),
      ...(state.baseline ? { baseline: { traces: traces(state.baseline.traces) } } : {}),
      ...(state.sources ? { sources: state.sources } : {}),
    });
  };
  // The agents the bundle names: those of its traces (the account's other agents are not in it), the session's.
  const agentIds = [...state.traces, ...(state.baseline?.traces ?? [])].map((trace) => String(trace.agentId));
  const known: KnownIdentifiers = {
    agentNames: present([...agentIds.map((id) => state.names[id]), state.session?.agentName]),
    ...(state.session ? { sessionIds: [state.session.userSessionId] } : {}),
  };
  return {
    title: { asItIs: `the path of test ${state.testId}`, pseudonymised: 'the path' },
    baseName: { asItIs: `evidence-path-${state.testId}`, pseudonymised: `evidence-path-${WITHHELD_ID}` },
    withholds: "the test's id and the traces' links",
    build: () =>
      Promise.resolve({
        doc: build({ id: state.testId, name: state.testName }, true),
        known,
        withheld: () => build({ id: WITHHELD_ID, name: state.testName }, false),
      }),
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// The agent timeline

export function timelinePanelEvidence(services: PanelServices, timeline: AgentTimeline): PanelEvidence {
  const { agent } = timeline;
  const build = (shown: AgentTimeline): EvidenceDocument =>
    sharingLibrary().timelineEvidence({ ...context(services), timeline: shown });
  const { name: _name, ...nameless } = agent;
  return {
    title: { asItIs: `the timeline of ${agent.name ?? agent.agentId}`, pseudonymised: "the agent's timeline" },
    baseName: {
      asItIs: `evidence-agent-${agent.name ?? agent.agentId}`,
      pseudonymised: `evidence-agent-${WITHHELD_ID}`,
    },
    withholds: "the agent's id and name",
    build: () =>
      Promise.resolve({
        doc: build(timeline),
        known: {
          agentNames: agent.name ? [agent.name] : [],
          // Its events name the Wi-Fi networks the agent was on ("Wi-Fi network changed from SSID … to …").
          ssids: present(timeline.lanes.samples.map((s) => s.ssid)),
        },
        withheld: () => build({ ...timeline, agent: { ...nameless, agentId: WITHHELD_ID } }),
      }),
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// The HAR diff

export interface HarDiffSideEvidence {
  name: string;
  har: unknown;
  /** The session whose page this side is: its id is in the side's name. */
  userSessionId?: string;
}

/** The diff is made again from the redacted HARs, so no text of the recorded ones reaches the files. */
export function harDiffPanelEvidence(
  services: PanelServices,
  before: HarDiffSideEvidence,
  after: HarDiffSideEvidence,
  diffOptions: HarDiffOptions = {},
): PanelEvidence {
  return {
    title: { asItIs: 'the HAR diff', pseudonymised: 'the HAR diff' },
    baseName: { asItIs: 'evidence-har-diff', pseudonymised: 'evidence-har-diff' },
    build: async () => {
      const redactedBefore = await redactedOffThread(before.har, 'the first HAR');
      const redactedAfter = redactedBefore && (await redactedOffThread(after.har, 'the second HAR'));
      if (!redactedBefore || !redactedAfter) return undefined;
      const doc = sharingLibrary().harDiffEvidence({
        ...context(services),
        before: { name: before.name, har: before.har, redacted: redactedBefore },
        after: { name: after.name, har: after.har, redacted: redactedAfter },
        diffOptions,
      });
      const sessionIds = present([before.userSessionId, after.userSessionId]);
      // It names no record of its own: the sessions' ids in the sides' names become stand-ins.
      return { doc, known: sessionIds.length ? { sessionIds } : {}, withheld: () => doc };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// The session comparison

export interface CompareEvidenceState {
  comparison: SessionComparison;
  matchedOn?: string;
  permalinks: { a?: string; b?: string };
  /** The two sessions as read, and the agents' names: the comparison is made again without their ids. */
  sessions: readonly [UserSessionDetail, UserSessionDetail];
  names: Readonly<Record<string, string>>;
}

/** `withPages`: the sessions' pages' HARs are read, redacted and attached (Share for a Ticket…). */
export function comparePanelEvidence(
  services: PanelServices,
  state: CompareEvidenceState,
  withPages = false,
): PanelEvidence {
  const { comparison: c, sessions } = state;
  const [first, second] = [c.a.userSessionId, c.b.userSessionId];
  const agentNames = present(sessions.map((s) => state.names[String(s.agentId)]));
  return {
    title: { asItIs: `sessions ${first} and ${second}`, pseudonymised: 'the two sessions' },
    baseName: { asItIs: `evidence-compare-${first}-${second}`, pseudonymised: `evidence-compare-${WITHHELD_ID}` },
    withholds: "the sessions' ids and links",
    build: async () => {
      const pages = withPages ? await comparedPages(services, sessions) : undefined;
      if (withPages && !pages) return undefined;
      const bundle = (comparison: SessionComparison, permalinks: { a?: string; b?: string }): EvidenceDocument =>
        sharingLibrary().sessionCompareEvidence({
          ...context(services),
          comparison,
          permalinks,
          ...(state.matchedOn ? { matchedOn: state.matchedOn } : {}),
          ...(pages ? { pages: { a: pages.a, b: pages.b }, omissions: pages.omissions } : {}),
        });
      const withheld = (session: UserSessionDetail, n: number): UserSessionDetail => ({
        ...session,
        userSessionId: `${WITHHELD_ID}-${n}`,
        permalink: '',
      });
      return {
        doc: bundle(c, state.permalinks),
        known: {
          sessionIds: [first, second],
          ssids: present(
            c.sections.flatMap((s) => s.rows.filter((r) => r.label === 'SSID').flatMap((r) => [r.a, r.b])),
          ),
          agentNames,
        },
        withheld: () => bundle(compareSessions(withheld(sessions[0], 1), withheld(sessions[1], 2), state.names), {}),
      };
    },
  };
}

/**
 * Both sessions' pages, read with progress and Cancel and redacted on the worker thread: at most the bundle's HARs of
 * the two together, half each unless one needs less (what is left out is said). Undefined when cancelled.
 */
async function comparedPages(
  services: PanelServices,
  sessions: readonly [UserSessionDetail, UserSessionDetail],
): Promise<{ a: HarPageInput[]; b: HarPageInput[]; omissions: string[] } | undefined> {
  const client = services.connection.requireClient();
  const [a, b] = await withCancellableProgress('Reading the pages of the two sessions', (signal) =>
    Promise.all(sessions.map((session) => sharingLibrary().readSessionPages(client, session, signal))),
  );
  if (!a || !b) return undefined;
  const max = sharingLibrary().EVIDENCE_LIMITS.maxHars;
  const keptA = Math.min(a.pages.length, Math.max(Math.ceil(max / 2), max - b.pages.length));
  const redactedA = await redactedPages(a.pages, keptA, ' of the first session');
  const redactedB = redactedA && (await redactedPages(b.pages, max - keptA, ' of the second session'));
  if (!redactedA || !redactedB) return undefined;
  const leftOut = (which: string, read: HarPageInput[], kept: number): string[] =>
    read.length > kept
      ? [`${read.length - kept} of the ${read.length} pages of the ${which} session left out (at most ${max} HARs).`]
      : [];
  return {
    a: redactedA,
    b: redactedB,
    omissions: [
      ...a.failed.map((line) => `First session: ${line}`),
      ...b.failed.map((line) => `Second session: ${line}`),
      ...leftOut('first', a.pages, redactedA.length),
      ...leftOut('second', b.pages, redactedB.length),
    ],
  };
}
