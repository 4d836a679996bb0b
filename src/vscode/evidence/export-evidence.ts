// The panels' "Export Evidence…": each gathers what its view shows (reading what it lacks,
// with progress and Cancel), builds the document with src/analysis/evidence, and saves it.
import type { PathTrace, UserSessionDetail } from '../../api/types';
import type { SessionComparison } from '../../analysis/session/compare';
import type { NetworkChange } from '../../analysis/session/network-changes';
import { compareWithSession, sessionSide, type SourceAgreement } from '../../analysis/session/path-agreement';
import { pathRounds } from '../../analysis/path/rounds';
import { historyRange, roundTraces } from '../panels/data';
import type { HarPageInput } from '../../analysis/evidence/har-pages';
import type { SessionEvidenceInput } from '../../analysis/evidence/session';
import type { KnownIdentifiers } from '../../analysis/evidence/identifying';
import type { RedactedHar } from '../../analysis/evidence/attachments';
import { sharingLibrary } from '../sharing/library';
import { redactedForEvidenceOffThread } from '../sharing/redact-off-thread';
import type { HarDiffOptions } from '../../analysis/har/diff';
import { sessionNeighbourContext, type AgentTimeline } from '../../analysis/timeline/timeline';
import type { PanelServices } from '../panels/services';
import { reporting } from '../command-util';
import { withCancellableProgress } from '../progress';
import { evidenceContext, saveEvidence } from './save-evidence';

const WHAT = 'Exporting the evidence';

const context = (services: PanelServices): ReturnType<typeof evidenceContext> =>
  evidenceContext(services.connection, services.timeOptions());

/**
 * `related`: the round of the test toward the same site the overview links to; the bundle shows the session beside it.
 */
export function exportSessionEvidence(
  services: PanelServices,
  session: UserSessionDetail,
  related?: { testId: number; roundId: number },
): Promise<string | undefined> {
  return reporting(WHAT, () => sessionBundle(services, session, related));
}

async function sessionBundle(
  services: PanelServices,
  session: UserSessionDetail,
  related: { testId: number; roundId: number } | undefined,
): Promise<string | undefined> {
  const input = await sessionEvidenceInput(services, session, related);
  if (!input) return undefined;
  const doc = sharingLibrary().sessionEvidence(input);
  const known = sessionKnownIdentifiers(session, input.agentName);
  return saveEvidence(services.prompts, doc, `evidence-session-${session.userSessionId}`, known);
}

/**
 * What a session's bundle is made of: its pages' HARs (redacted), the agent's name and records around it, the path
 * beside it; read with progress and Cancel. Undefined when cancelled. Export Evidence… and Share for a Ticket… alike.
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
  return sessions.flatMap((session) => {
    const ssid = (session.network as Partial<UserSessionDetail['network']> | undefined)?.networkProfile?.wirelessProfile
      ?.ssid;
    return typeof ssid === 'string' && ssid !== '' ? [ssid] : [];
  });
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
 * Undefined when cancelled.
 */
async function redactedPages(
  pages: readonly HarPageInput[],
): Promise<(HarPageInput & { redacted: RedactedHar })[] | undefined> {
  const done: (HarPageInput & { redacted: RedactedHar })[] = [];
  for (const [i, page] of pages.slice(0, sharingLibrary().EVIDENCE_LIMITS.maxHars).entries()) {
    const redacted = await redactedOffThread(page.har, `page ${i + 1} of ${pages.length}`);
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

export interface PathEvidenceState {
  testId: number;
  testName: string;
  traces: readonly PathTrace[];
  names: Readonly<Record<string, string>>;
  baseline?: { traces: readonly PathTrace[] };
  /** Opened from a session: its own measurements beside the round's. */
  sources?: SourceAgreement;
}

export function exportPathEvidence(
  services: PanelServices,
  state: PathEvidenceState,
  highlightHops: readonly string[],
): Promise<string | undefined> {
  return reporting(WHAT, () =>
    saveEvidence(
      services.prompts,
      sharingLibrary().pathEvidence({
        ...context(services),
        test: { id: state.testId, name: state.testName },
        traces: state.traces,
        agentNames: state.names,
        highlightHops: highlightHops.slice(0, sharingLibrary().EVIDENCE_LIMITS.maxHighlightedHops),
        ...(state.baseline ? { baseline: { traces: state.baseline.traces } } : {}),
        ...(state.sources ? { sources: state.sources } : {}),
      }),
      `evidence-path-${state.testId}`,
      { agentNames: Object.values(state.names) },
    ),
  );
}

export function exportTimelineEvidence(services: PanelServices, timeline: AgentTimeline): Promise<string | undefined> {
  return reporting(WHAT, () =>
    saveEvidence(
      services.prompts,
      sharingLibrary().timelineEvidence({ ...context(services), timeline }),
      `evidence-agent-${timeline.agent.name ?? timeline.agent.agentId}`,
      {
        agentNames: timeline.agent.name ? [timeline.agent.name] : [],
        // Its events name the Wi-Fi networks the agent was on ("Wi-Fi network changed from SSID … to …").
        ssids: [...new Set(timeline.lanes.samples.flatMap((s) => (s.ssid ? [s.ssid] : [])))],
      },
    ),
  );
}

/** The diff is made again here from the redacted HARs, so no text of the recorded ones reaches the file. */
export function exportHarDiffEvidence(
  services: PanelServices,
  before: { name: string; har: unknown },
  after: { name: string; har: unknown },
  diffOptions: HarDiffOptions = {},
): Promise<string | undefined> {
  return reporting(WHAT, async () => {
    const redactedBefore = await redactedOffThread(before.har, 'the first HAR');
    const redactedAfter = redactedBefore && (await redactedOffThread(after.har, 'the second HAR'));
    if (!redactedBefore || !redactedAfter) return undefined;
    const doc = sharingLibrary().harDiffEvidence({
      ...context(services),
      before: { ...before, redacted: redactedBefore },
      after: { ...after, redacted: redactedAfter },
      diffOptions,
    });
    return saveEvidence(services.prompts, doc, 'evidence-har-diff');
  });
}

export function exportCompareEvidence(
  services: PanelServices,
  comparison: SessionComparison,
  matchedOn: string | undefined,
  permalinks: { a?: string; b?: string },
): Promise<string | undefined> {
  return reporting(WHAT, () =>
    saveEvidence(
      services.prompts,
      sharingLibrary().sessionCompareEvidence({
        ...context(services),
        comparison,
        permalinks,
        ...(matchedOn ? { matchedOn } : {}),
      }),
      `evidence-compare-${comparison.a.userSessionId}-${comparison.b.userSessionId}`,
      {
        sessionIds: [comparison.a.userSessionId, comparison.b.userSessionId],
        ssids: comparison.sections.flatMap((s) => s.rows.filter((r) => r.label === 'SSID').flatMap((r) => [r.a, r.b])),
      },
    ),
  );
}
