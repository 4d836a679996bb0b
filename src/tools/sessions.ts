// Sessions: the worst of a range (ranked as the explorer's "Worst Sessions"), one explained
// (the session panel's verdict, slowest page and the tests toward the same site), and two
// compared (the compare panel's model).
import type { UserSession } from '../api/types';
import { experienceText } from '../analysis/grades';
import { LowestScores, WORST_ORDER, worstSummary } from '../analysis/records/worst';
import { hurtOfTies, WORST_COUNT, WORST_MAX_WALK } from '../analysis/records/worst-ties';
import { slowestPageSplit } from '../analysis/session/related';
import { slowestPageInsight } from '../analysis/har/insights-line';
import { sessionOverview, SEGMENT_LABELS } from '../analysis/session';
import { compareSessions } from '../analysis/session/compare';
import { idString, integer, RANGE_PROPERTIES, rangeOf, SESSION_ID } from './args';
import { capList, omittedNote } from './bound';
import { fenced, idText, outside } from './fence';
import { FILTER_PROPERTIES, filtersFromNames } from './filters';
import type { ToolDefinition } from './types';
import { readSurroundings } from './session-reads';
import { apiTimeIso, apiTimeMs, apiTimeUtcText } from '../analysis/time/api-time';
import type { NetworkChange, NetworkChangeKind } from '../analysis/session/network-changes';

const utc = (date: unknown): string => apiTimeUtcText(date) ?? 'time unknown';

export const findWorstSessions: ToolDefinition = {
  name: 'find_worst_sessions',
  title: 'Find the worst user sessions',
  description:
    `The lowest-scored user sessions of a time range (default the last 24h), optionally of one agent, ` +
    `site or network (by name). Ranked as Netmon's explorer ranks them: ${WORST_ORDER}. Answers each session's ` +
    `id (for explain_session), agent, site, time and score.`,
  inputSchema: {
    type: 'object',
    properties: {
      ...RANGE_PROPERTIES,
      ...FILTER_PROPERTIES,
      limit: { type: 'integer', minimum: 1, maximum: 25, description: `How many sessions (default ${WORST_COUNT}).` },
    },
    additionalProperties: false,
  },
  writes: false,
  async run(args, ctx) {
    const range = rangeOf(args, ctx);
    const { filters, said } = await filtersFromNames(args, ctx);
    const { client } = ctx.account;
    const lowest = new LowestScores<UserSession>(integer(args, 'limit') ?? WORST_COUNT);
    let complete = true;
    for await (const page of client
      .userSessions({
        ...range.request,
        ...(filters.length ? { filters } : {}),
        ...(ctx.signal ? { signal: ctx.signal } : {}),
      })
      .pages()) {
      for (const session of page.records) lowest.add(session);
      if (lowest.read >= WORST_MAX_WALK) {
        complete = false;
        break;
      }
    }
    const hurt = await hurtOfTies(client, lowest.tied(), ctx.signal);
    const ranked = lowest.ranked((session) => hurt.get(session.userSessionId));
    const names = await client
      .agentDirectory()
      .ready(ctx.signal)
      .then(
        (d) => d.names(),
        () => ({}) as Record<string, string>,
      );
    const sessions = ranked.map((s, i) => ({
      rank: i + 1,
      userSessionId: String(s.userSessionId),
      agentId: String(s.agentId),
      agent: outside(names[String(s.agentId)] ?? s.agentId, 100),
      site: outside(s.visitedSite, 200),
      date: apiTimeIso(s.date),
      score: typeof s.experienceScore === 'number' ? s.experienceScore : undefined,
      ...(hurt.get(s.userSessionId) ?? {}),
    }));
    const summary = worstSummary(sessions.length, lowest.read, lowest.unscored, complete);
    const span =
      'window' in range.request
        ? `the last ${range.request.window}`
        : `${utc(range.request.from)} to ${utc(range.request.to)}`;
    const filtered = said.length ? ` (filtered by ${said.length} name${said.length === 1 ? '' : 's'}: see below)` : '';
    const where = `${span}${filtered}`;
    return {
      text: [
        `Worst user sessions of ${where}: ${summary}.`,
        sessions.length
          ? 'Explain one with explain_session and its userSessionId.'
          : 'No scored session in this range: widen it (window up to 7d) or drop a filter.',
        fenced('sessions: agent names and sites come from the API', [
          ...said.map((s) => `filter: ${s}`),
          ...sessions.map(
            (s) =>
              `${s.rank}. ${s.userSessionId} · score ${experienceText(s.score) ?? 'none'} · ${utc(s.date)} ` +
              `· agent ${s.agent} · site ${s.site}`,
          ),
        ]),
      ]
        .filter(Boolean)
        .join('\n'),
      data: {
        range: range.request,
        filters: said,
        summary,
        ranking: WORST_ORDER,
        complete,
        sessions,
        ...(sessions[0]
          ? { next: { tool: 'explain_session', args: { userSessionId: sessions[0].userSessionId } } }
          : {}),
      },
      opens: sessions.slice(0, 1).map((s) => ({
        command: 'netmon.openSessionOverview',
        title: 'Netmon: Open Session Overview',
        args: [s.userSessionId],
      })),
    };
  },
};

/** Findings listed per segment at most. */
const MAX_FINDINGS = 12;

export const CHANGE_WORDS: Readonly<Record<NetworkChangeKind, string>> = {
  isp: 'ISP',
  publicIp: 'public IP',
  ssid: 'Wi-Fi network',
  vpn: 'VPN',
};
/** The timeline asked for around a change: an hour either side of the session and its changes. */
const TIMELINE_MARGIN_MS = 3600_000;

/** The agent_timeline call that shows a session's network changes, with ids as the tool takes them. */
export function timelineAround(
  session: { agentId: unknown; date: unknown },
  changes: readonly NetworkChange[],
): { tool: 'agent_timeline'; args: { agent: string; from: string; to: string } } {
  const at = apiTimeMs(session.date) ?? changes[0]!.t;
  const times = [at, ...changes.map((c) => c.t)];
  const iso = (ms: number): string => `${new Date(ms).toISOString().slice(0, 16)}Z`;
  return {
    tool: 'agent_timeline',
    args: {
      agent: String(session.agentId),
      from: iso(Math.min(...times) - TIMELINE_MARGIN_MS),
      to: iso(Math.max(...times) + TIMELINE_MARGIN_MS),
    },
  };
}

export const explainSession: ToolDefinition = {
  name: 'explain_session',
  title: 'Explain a user session',
  description:
    'Why one user session was poor: the verdict (the segment between the user and the site to look at first), each ' +
    'finding against its limit, the slowest page and where its time went, and the scheduled tests toward the ' +
    'same site around that time (their test ids and rounds, for localize_path and diff_path).',
  inputSchema: {
    type: 'object',
    properties: { userSessionId: SESSION_ID },
    required: ['userSessionId'],
    additionalProperties: false,
  },
  writes: false,
  async run(args, ctx) {
    const id = idString(args, 'userSessionId') as string;
    const { client } = ctx.account;
    const session = await client.getUserSession(id, ctx.signal ? { signal: ctx.signal } : {});
    const [{ names, context, related }, slowest] = await Promise.all([
      readSurroundings(ctx, session),
      slowestPageSplit(client, session, ctx.signal).catch(() => undefined),
    ]);
    const agentName = names[String(session.agentId)];
    const overview = sessionOverview(session, agentName, context ?? {});
    const { verdict } = overview;
    const split = slowest ? { ...slowest.split, ...slowestPageInsight(slowest.waterfall, verdict.worst) } : undefined;
    const findings = capList(
      verdict.segments.flatMap((s) =>
        s.findings.map((f) => ({
          segment: s.segment,
          label: SEGMENT_LABELS[s.segment],
          grade: f.grade,
          finding: outside(f.message, 300),
        })),
      ),
      MAX_FINDINGS,
    );
    const blamed = verdict.worst ? SEGMENT_LABELS[verdict.worst] : undefined;
    const timelineCall = context?.networkChanges?.length ? timelineAround(session, context.networkChanges) : undefined;
    const [link] = related.links;
    // The session's own route first: it is what the user lived; the timeline and the test's path after it.
    const alsoNext = [
      ...(timelineCall ? [timelineCall] : []),
      ...(link ? [{ tool: 'localize_path', args: { testId: link.testId, round: link.roundId } }] : []),
    ];
    const data = {
      userSessionId: id,
      agentId: String(session.agentId),
      agent: outside(agentName ?? session.agentId, 100),
      site: outside(session.visitedSite, 200),
      date: apiTimeIso(session.date),
      score: overview.experienceScore,
      grade: verdict.grade,
      blamedSegment: verdict.worst,
      alsoSegments: verdict.also ?? [],
      verdict: outside(verdict.line, 400),
      segments: verdict.segments.map((s) => ({ segment: s.segment, grade: s.grade })),
      findings: findings.items,
      findingsLeftOut: findings.omitted,
      slowestPage: split
        ? {
            pageId: split.pageId,
            title: outside(split.title, 200),
            split: outside(split.line, 300),
            ...(split.verdict ? { verdict: outside(split.verdict, 300) } : {}),
            ...(split.critical ? { criticalPath: outside(split.critical, 400) } : {}),
            ...(split.finding ? { topFinding: outside(split.finding, 300) } : {}),
          }
        : undefined,
      pathTests: related.links.map((l) => ({
        testId: l.testId,
        roundId: l.roundId,
        agentId: l.agentId,
        link: outside(l.description, 300),
      })),
      ...(related.why ? { noPathTest: outside(related.why, 300) } : {}),
      contextRead: context !== undefined,
      networkChanges: (context?.networkChanges ?? []).slice(0, 5).map((change) => ({
        kind: change.kind,
        at: new Date(change.t).toISOString(),
        change: outside(change.text, 200),
      })),
      next: { tool: 'session_path', args: { userSessionId: id } },
      ...(alsoNext.length ? { alsoNext } : {}),
    };
    return {
      text: [
        `Session ${id}: grade ${verdict.grade}` +
          `${blamed ? `, look first at the ${blamed} segment` : ', no segment over its limits'}` +
          `${verdict.also?.length ? ` (also ${verdict.also.map((s) => SEGMENT_LABELS[s]).join(', ')})` : ''}; ` +
          `score ${experienceText(overview.experienceScore) ?? 'none'}.`,
        `Segments: ${verdict.segments.map((s) => `${SEGMENT_LABELS[s.segment]} ${s.grade}`).join(', ')}.`,
        related.links.length
          ? `Scheduled tests toward the same site: ` +
            `${related.links.map((l) => `test ${l.testId} round ${l.roundId}`).join('; ')} — localize_path with ` +
            `that testId and round shows where on the path it broke.`
          : 'No scheduled test toward this site near the session.',
        `The session's own traceroute and pings, beside the nearest test round: session_path with this userSessionId.`,
        context ? '' : "The agent's neighbouring records could not be read: the verdict has no baseline from them.",
        timelineCall
          ? `The agent's network changed around this session (` +
            `${[...new Set(context?.networkChanges?.map((c) => CHANGE_WORDS[c.kind]))].join(', ')}): ` +
            `agent_timeline with agent "${idText(timelineCall.args.agent)}", from ${timelineCall.args.from} to ` +
            `${timelineCall.args.to} shows when, and what its sessions looked like before and after.`
          : '',
        fenced('the verdict, findings, pages and test links: they quote API strings (agent name, site, page titles)', [
          `agent ${data.agent} · site ${data.site} · ${utc(session.date)}`,
          verdict.line,
          ...findings.items.map((f) => `${f.label} (${f.grade}): ${f.finding}`),
          ...omittedNote(findings.omitted, 'findings'),
          ...(split
            ? [`slowest page "${split.title}": ${split.line}${split.verdict ? ` — ${split.verdict}` : ''}`]
            : []),
          ...(split?.critical ? [split.critical] : []),
          ...(split?.finding ? [split.finding] : []),
          ...related.links.map((l) => l.description),
          ...(related.why ? [related.why] : []),
        ]),
      ]
        .filter(Boolean)
        .join('\n'),
      data,
      opens: [{ command: 'netmon.openSessionOverview', title: 'Netmon: Open Session Overview', args: [id] }],
    };
  },
};

export const compareSessionsTool: ToolDefinition = {
  name: 'compare_sessions',
  title: 'Compare two user sessions',
  description:
    'Two user sessions side by side (same agent or not): which segments graded differently, the fields that differ, ' +
    'the hops and the pages matched by title, with a one-line summary of which is worse where.',
  inputSchema: {
    type: 'object',
    properties: { first: SESSION_ID, second: SESSION_ID },
    required: ['first', 'second'],
    additionalProperties: false,
  },
  writes: false,
  async run(args, ctx) {
    const { client } = ctx.account;
    const options = ctx.signal ? { signal: ctx.signal } : {};
    const [a, b, names] = await Promise.all([
      client.getUserSession(idString(args, 'first') as string, options),
      client.getUserSession(idString(args, 'second') as string, options),
      client
        .agentDirectory()
        .ready(ctx.signal)
        .then(
          (d) => d.names(),
          () => ({}) as Record<string, string>,
        ),
    ]);
    const model = compareSessions(a, b, names);
    const differing = model.sections.flatMap((s) =>
      s.rows
        .filter((r) => r.differs)
        .map((r) => ({
          section: s.heading,
          field: outside(r.label, 100),
          first: outside(r.a, 200),
          second: outside(r.b, 200),
        })),
    );
    const rows = capList(differing, 40);
    const pages = capList(
      model.pages
        .filter((p) => p.onLoadDeltaMs !== undefined)
        .map((p) => ({ title: outside(p.title, 200), onLoadDeltaMs: p.onLoadDeltaMs })),
      20,
    );
    const hops = model.hops.filter((h) => h.differs).length;
    return {
      text: [
        `Sessions ${idText(a.userSessionId)} (first) and ${idText(b.userSessionId)} (second): segments ${
          model.segments
            .filter((s) => s.differs)
            .map((s) => `${s.label} ${s.a}→${s.b}`)
            .join(', ') || 'graded the same'
        }; ${differing.length} fields differ; ${hops} hops differ.`,
        fenced('the comparison: it quotes API strings', [
          model.summary,
          ...rows.items.map((r) => `${r.section} · ${r.field}: ${r.first} → ${r.second}`),
          ...omittedNote(rows.omitted, 'differing fields'),
          ...pages.items.map(
            (p) => `page "${p.title}": onLoad ${p.onLoadDeltaMs! >= 0 ? '+' : ''}${p.onLoadDeltaMs} ms`,
          ),
        ]),
      ].join('\n'),
      data: {
        first: { userSessionId: String(a.userSessionId), agent: outside(model.a.agent, 100), score: model.a.score },
        second: { userSessionId: String(b.userSessionId), agent: outside(model.b.agent, 100), score: model.b.score },
        summary: outside(model.summary, 400),
        segments: model.segments,
        differingFields: rows.items,
        differingFieldsLeftOut: rows.omitted,
        pages: pages.items,
        pagesLeftOut: pages.omitted,
        differingHops: hops,
      },
      opens: [
        {
          command: 'netmon.compareSessions',
          title: 'Netmon: Compare Sessions',
          args: [String(a.userSessionId), String(b.userSessionId)],
        },
      ],
    };
  },
};
