// The evidence of a scheduled test's network path: where the problem is (the localization
// over the round's traces and its lines), the mtr-style report per agent, the hops the user
// pinned, the path diff against a baseline round when one is given, and the traces'
// permalinks. The analyses are the path panel's and `netmon path …`'s.
import type { PathTrace } from '../../api/types';
import { diffPathTraces, pathDiffText } from '../path/diff';
import { localizePathTraces, type PathLocalization } from '../path/localize';
import { mergePathTraces } from '../path/merge';
import { avgMs, lossPct, type HopNode } from '../path/model';
import { pathReportText } from '../path/text-report';
import { isUsableRound, usableTraces } from '../path/usable';
import { finishDocument } from './document';
import {
  EVIDENCE_LIMITS,
  type EvidenceContext,
  type EvidenceDocument,
  type EvidenceGrade,
  type EvidenceHop,
  type EvidenceSection,
} from './model';
import { clipBlock, evidenceLink, line, plural, utcMinute } from './text';
import type { SourceAgreement } from '../session/path-agreement';

export interface PathEvidenceInput extends EvidenceContext {
  /** The test; a pseudonymised share gives a word instead of its id. */
  test: { id: number | string; name?: string };
  /** The detailed traces of the round (or rounds) investigated. */
  traces: readonly PathTrace[];
  /** Agent id → computer name. */
  agentNames?: Readonly<Record<string, string>>;
  /** Hops the user pinned or highlighted (merge node ids: IPs); ids not in the traces are ignored. */
  highlightHops?: readonly string[];
  /** The traces of a baseline round: the bundle then shows what changed since. */
  baseline?: { traces: readonly PathTrace[] };
  /** Opened from a session: its own measurements beside the round's, the session's first. */
  sources?: SourceAgreement;
}

export function pathEvidence(input: PathEvidenceInput): EvidenceDocument {
  const traces = usableTraces(input.traces);
  const agentName = (id: string): string => input.agentNames?.[id] ?? id;
  const found = localizePathTraces(traces, { agentName });
  const testName = `${line(input.test.name ?? '', 200) || 'test'} (${line(String(input.test.id), 100)})`;
  const when = roundsWords(traces);
  const sections: EvidenceSection[] = [
    findingsTable(found),
    ...(found.perRound.length > 1 ? [perRoundTable(found)] : []),
    { kind: 'pre', heading: 'Path per agent (mtr-style)', text: clipBlock(pathReportText(traces, agentName)).text },
  ];
  const verdictLines = [found.headline, ...found.lines.filter((l) => l !== found.headline)];
  if (input.sources) {
    // What the session measured leads: it is what the user lived; the test's path follows.
    sections.unshift({
      kind: 'text',
      heading: "The session beside the test's path",
      paragraphs: input.sources.lines.map((l) => line(l)),
    });
    if (!input.sources.agree) verdictLines.unshift(...input.sources.lines.slice(0, 3));
  }
  if (input.baseline) {
    const diff = diffPathTraces(usableTraces(input.baseline.traces), traces, input.agentNames ?? {});
    const title = `${testName}: ${when} against ${roundsWords(usableTraces(input.baseline.traces))}`;
    sections.push({
      kind: 'pre',
      heading: 'What changed since the baseline round',
      text: clipBlock(pathDiffText(diff, title)).text,
    });
    verdictLines.push(`Against the baseline (${roundsWords(usableTraces(input.baseline.traces))}): ${diff.summary}`);
  }
  return finishDocument(input, {
    kind: 'path',
    title: `Network path of ${testName}: ${when}`,
    verdict: { grade: gradeOf(found), lines: verdictLines.map((l) => line(l)) },
    facts: pathFacts(found, testName, when),
    sections,
    images: [],
    attachments: [],
    highlightedHops: highlightedHops(traces, found, input.highlightHops ?? []),
    links: traces.map((t) =>
      evidenceLink(`Path trace of ${agentName(String(t.agentId))}, round ${utcMinute(t.roundId * 1000)}`, t.permalink),
    ),
    omissions: truncationWords(found),
  });
}

function gradeOf(found: PathLocalization): EvidenceGrade {
  if (found.traversals === 0) return 'unknown';
  if (found.confident) return 'bad';
  // An inconclusive loss (one lost traversal) is worth a look, not an alarm.
  return found.loss.length > 0 || found.delay.length > 0 ? 'warn' : 'ok';
}

/** `round 2026-11-18 11:00 UTC`, or `3 rounds, … to …`. */
function roundsWords(traces: readonly PathTrace[]): string {
  const rounds = [...new Set(traces.map((t) => t.roundId))].filter(isUsableRound).sort((a, b) => a - b);
  if (rounds.length === 0) return 'no round';
  if (rounds.length === 1) return `round ${utcMinute(rounds[0]! * 1000)}`;
  return `${rounds.length} rounds, ${utcMinute(rounds[0]! * 1000)} to ${utcMinute(rounds.at(-1)! * 1000)}`;
}

function pathFacts(found: PathLocalization, testName: string, when: string): EvidenceDocument['facts'] {
  return [
    { label: 'Test', value: testName },
    { label: 'Rounds', value: when },
    { label: 'Agents', value: String(found.agents.length) },
    { label: 'Traversals reaching the target', value: `${found.reachedTarget} of ${found.traversals}` },
    { label: 'Targets', value: line(found.targets.join(', ')) || '—' },
    { label: 'Loss findings', value: String(found.loss.length) },
    { label: 'Delay findings', value: String(found.delay.length) },
    { label: 'Route changes', value: String(found.routeChangeCount) },
  ];
}

function highlightedHops(
  traces: readonly PathTrace[],
  found: PathLocalization,
  wanted: readonly string[],
): EvidenceHop[] {
  if (wanted.length === 0) return [];
  const nodes = new Map(mergePathTraces(traces).nodes.map((n) => [n.id, n]));
  const ids = [...new Set(wanted.map((w) => w.trim()))].filter(
    (id) => nodes.get(id)?.kind === 'hop' || nodes.get(id)?.kind === 'agent',
  );
  return ids.slice(0, EVIDENCE_LIMITS.maxHighlightedHops).map((id) => hopEvidence(nodes.get(id)!, found));
}

function hopEvidence(node: HopNode, found: PathLocalization): EvidenceHop {
  const name = node.rdns && node.rdns !== node.ip ? ` (${line(node.rdns, 200)})` : '';
  const average = avgMs(node.stats);
  const inFindings = [
    ...found.loss
      .filter((f) => f.hopIds.includes(node.id))
      .map((f) => (f.at.id === node.id ? `${f.kind} loss localized here` : `on a ${f.kind} loss finding`)),
    ...found.delay
      .filter((f) => f.hopIds.includes(node.id))
      .map((f) => `on the link where ${Math.round(f.increaseMs)} ms of delay appears`),
    ...found.rateLimited.filter((f) => f.hop.id === node.id).map(() => 'rate-limits ICMP (not a fault)'),
  ];
  const details = [
    line([node.network, node.location].filter(Boolean).join(', '), 200),
    node.prefix ? line(node.prefix, 60) : '',
    `hop ${node.minHop}`,
    `${lossPct(node.stats).toFixed(1)}% loss`,
    average === undefined ? '' : `${average.toFixed(1)} ms avg`,
    plural(node.agents.length, 'agent'),
    ...inFindings,
  ].filter(Boolean);
  return { id: line(node.id, 100), label: `${line(node.ip ?? node.id, 100)}${name}`, details: details.join(' · ') };
}

function findingsTable(found: PathLocalization): EvidenceSection {
  const rows = [
    ...found.loss.map((f) => [
      `${f.kind} loss`,
      line(f.tunnel?.label ?? f.at.label),
      `${f.agents.length} of ${f.agentsCrossing.length}`,
      `${f.traversals} of ${f.traversalsCrossing} traversals lost`,
    ]),
    ...found.delay.map((f) => [
      'delay',
      line(f.tunnel?.label ?? `${f.from.label} → ${f.to.label}`),
      `${f.agents.length} of ${f.agentsCrossing.length}`,
      `+${Math.round(f.increaseMs)} ms (median over ${plural(f.traversals, 'traversal')})`,
    ]),
    ...found.rateLimited.map((f) => [
      'ICMP rate limiting (not a fault)',
      line(f.hop.label),
      String(f.agents.length),
      `silent in ${f.silent}, slower in ${f.slow} of ${plural(f.traversals, 'traversal')}`,
    ]),
  ];
  return {
    kind: 'table',
    heading: 'Where the problem is',
    columns: ['Finding', 'Where', 'Agents', 'Evidence'],
    rows,
    ...(rows.length === 0 ? { note: line(found.headline) } : {}),
  };
}

function perRoundTable(found: PathLocalization): EvidenceSection {
  return {
    kind: 'table',
    heading: 'Each round on its own',
    columns: ['Round', 'Localization'],
    rows: found.perRound.map((r) => [utcMinute(r.roundId * 1000), line(r.headline)]),
  };
}

function truncationWords(found: PathLocalization): string[] {
  const { agents, rounds, routes } = found.truncated;
  const out: string[] = [];
  if (agents > 0) out.push(`The localization left out ${plural(agents, 'agent')} (limit reached).`);
  if (rounds > 0) out.push(`The localization left out ${plural(rounds, 'round')} (limit reached).`);
  if (routes > 0) out.push(`The localization left out ${plural(routes, 'route')} (limit reached).`);
  return out;
}
