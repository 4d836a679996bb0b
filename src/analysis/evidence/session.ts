// The evidence of one user session: the verdict (which segment between the user and the
// site to look at first) and its numbers, the session's network facts, the traceroute as
// mtr-style text, and each page's waterfall and redacted HAR. The analyses are the session
// panel's (sessionVerdict through sessionOverview, sessionTraceroutePath, pathReportText).
import type { UserSessionDetail } from '../../api/types';
import { pathReportText } from '../path/text-report';
import { sessionOverview, SEGMENT_LABELS, type SessionContext, type SessionOverview } from '../session';
import { asArray, asRecord } from '../har/narrow';
import { mainDocumentFirstByte } from '../har/request-notes';
import { sessionTraceroutePath } from '../session/traceroute-path';
import { AttachmentBudget, type RedactedHar } from './attachments';
import { finishDocument } from './document';
import { pageSections, type HarPageInput } from './har-pages';
import type { EvidenceContext, EvidenceDocument, EvidenceHop, EvidenceRange, EvidenceSection } from './model';
import { clipBlock, evidenceLink, fileStem, line, safeLine, utcMinute } from './text';
import { apiTimeMs } from '../time/api-time';
import { NEIGHBOUR_HOURS } from '../timeline/session-context';
import { EVIDENCE_LIMITS } from './model';
import type { SourceAgreement } from '../session/path-agreement';

export interface SessionEvidenceInput extends EvidenceContext {
  session: UserSessionDetail;
  /** HARs of the session's pages (the page-details responses), in page order. */
  pages?: readonly (HarPageInput & { redacted?: RedactedHar })[];
  /** The agent's computer name, when known. */
  agentName?: string;
  /**
   * What the session's neighbours say (its normal, the tunnel, the first byte); the first page's HAR gives the first
   * byte otherwise.
   */
  context?: SessionContext;
  /** Hops the user pinned (IP addresses of the session's traceroute); unknown ones are ignored. */
  highlightHops?: readonly string[];
  /** The session's own measurements beside the round of the test toward the same site. */
  pathAgreement?: SourceAgreement;
}

export function sessionEvidence(input: SessionEvidenceInput): EvidenceDocument {
  const overview = sessionOverview(
    input.session,
    input.agentName,
    withHarFirstByte(input.context ?? {}, input.pages?.[0]?.har),
  );
  const { verdict } = overview;
  const id = line(overview.userSessionId, 100);
  const budget = new AttachmentBudget();
  const pages = pageSections(input.pages ?? [], `session-${fileStem(id)}`, budget);
  const own = sessionRange(input.session);
  return finishDocument(own ? { ...input, range: own } : input, {
    kind: 'session',
    title: `User session ${id}: ${safeLine(overview.title, 200)}`,
    verdict: {
      grade: verdict.grade,
      lines: [
        verdict.line,
        ...verdict.segments.flatMap((s) =>
          s.findings.map((f) => `${SEGMENT_LABELS[s.segment]} (${f.grade}): ${f.message}`),
        ),
      ].map((l) => safeLine(l)),
    },
    facts: sessionFacts(overview),
    sections: [...sessionSections(input, overview), ...pages.sections],
    images: pages.images,
    attachments: budget.attachments,
    highlightedHops: highlightedHops(overview, input.highlightHops ?? []),
    links: [evidenceLink('User session', input.session.permalink)],
    omissions: [...pages.omissions, ...budget.omissions],
  });
}

/** The session's own time and the agent's records read around it, not the range the view had when exporting. */
function sessionRange(session: UserSessionDetail): EvidenceRange | undefined {
  const at = apiTimeMs(session.date);
  if (at === undefined) return undefined;
  const { before, after } = NEIGHBOUR_HOURS;
  return {
    label: `the session at ${utcMinute(at)}, with the agent's records ${before} h before and ${after} h after it`,
    fromMs: at - before * 3_600_000,
    toMs: at + after * 3_600_000,
  };
}

function sessionFacts(overview: SessionOverview): EvidenceDocument['facts'] {
  const facts = [
    ...(overview.experienceScore !== undefined
      ? [{ label: 'Experience score', value: `${Math.round(overview.experienceScore * 100)} / 100` }]
      : []),
    ...overview.general,
    ...overview.pings.map((p) => ({ label: p.label, value: p.outcome })),
    ...overview.system.map((g) => ({ label: g.label, value: g.text })),
  ];
  return facts.map((f) => ({ label: line(f.label, 100), value: safeLine(f.value) }));
}

function sessionSections(input: SessionEvidenceInput, overview: SessionOverview): EvidenceSection[] {
  const sections: EvidenceSection[] = [
    {
      kind: 'table',
      heading: 'Segments, from the user to the site',
      columns: ['Segment', 'Grade', 'Findings'],
      rows: overview.verdict.segments.map((s) => [
        SEGMENT_LABELS[s.segment],
        s.grade,
        line(s.findings.map((f) => f.message).join('; ')) || '—',
      ]),
    },
  ];
  const network = [...overview.network, ...overview.wireless, ...overview.proxy, ...overview.vpn];
  if (network.length) sections.push(fieldTable(`Network (${overview.connection})`, network));
  const pings = overview.pings.flatMap((p) =>
    p.fields.map((f) => ({ label: `${p.label}: ${f.label}`, value: f.value })),
  );
  if (pings.length) sections.push(fieldTable('Measurements', pings));
  if (overview.pages.length) {
    sections.push({
      kind: 'table',
      heading: 'Pages',
      columns: ['Page', 'Response', 'DOMContentLoaded', 'Load'],
      rows: overview.pages.map((p) => [
        safeLine(p.title, 300),
        p.responseCode > 0 ? String(p.responseCode) : '—',
        p.onContentLoad >= 0 ? `${p.onContentLoad} ms` : '—',
        p.onLoad >= 0 ? `${p.onLoad} ms` : '—',
      ]),
    });
  }
  sections.push(pathSection(input, overview));
  if (input.pathAgreement)
    sections.push({
      kind: 'text',
      heading: "The session beside the test's path",
      paragraphs: input.pathAgreement.lines.map((l) => safeLine(l)),
    });
  if (overview.errors.length)
    sections.push({
      kind: 'text',
      heading: 'Errors reported by the agent',
      paragraphs: overview.errors.map((e) => safeLine(e)),
    });
  return sections;
}

function fieldTable(heading: string, fields: readonly { label: string; value: string }[]): EvidenceSection {
  return {
    kind: 'table',
    heading,
    columns: ['Field', 'Value'],
    rows: fields.map((f) => [line(f.label, 200), safeLine(f.value)]),
  };
}

/** The session's own traceroute, mtr-style (the text of "Open Path Trace as Text"). */
function pathSection(input: SessionEvidenceInput, overview: SessionOverview): EvidenceSection {
  const trace = sessionTraceroutePath(input.session);
  const heading = 'Path to the site (traceroute, mtr-style)';
  if (!trace)
    return {
      kind: 'text',
      heading,
      paragraphs: [
        overview.traceroute.error
          ? `The traceroute failed: ${line(overview.traceroute.error)}`
          : 'No traceroute in this session.',
      ],
    };
  const name = input.agentName ?? String(input.session.agentId);
  return { kind: 'pre', heading, text: clipBlock(pathReportText([trace], () => name)).text };
}

/** The pinned hops that are in the session's traceroute, in hop order. */
function highlightedHops(overview: SessionOverview, wanted: readonly string[]): EvidenceHop[] {
  const ids = new Set(wanted.map((w) => w.trim()));
  return overview.traceroute.hops
    .filter((hop) => ids.has(hop.ipAddress))
    .slice(0, EVIDENCE_LIMITS.maxHighlightedHops)
    .map((hop) => ({
      id: line(hop.ipAddress, 100),
      label:
        `hop ${hop.hop}: ` +
        `${line(hop.ipAddress, 100)}${hop.name && hop.name !== hop.ipAddress ? ` (${line(hop.name, 200)})` : ''}`,
      details:
        [hop.delayMs >= 0 ? `${hop.delayMs} ms` : '', hop.asn, hop.prefix, hop.mpls ? `MPLS ${hop.mpls}` : '']
          .filter(Boolean)
          .map((d) => line(d, 200))
          .join(' · ') || '—',
    }));
}

/**
 * The main document's `wait` (the first entry of the page's HAR) as the server's first byte, unless the context has
 * one.
 */
function withHarFirstByte(context: SessionContext, har: unknown): SessionContext {
  if (context.firstByteMs !== undefined || har === undefined) return context;
  const read = mainDocumentFirstByte(asArray(asRecord(asRecord(har).log).entries)[0]);
  return read ? { ...context, ...read } : context;
}
