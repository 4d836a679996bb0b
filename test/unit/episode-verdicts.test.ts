// Must show (issue 28): each of the world's five seeded episodes produces the same segment in
// the poor sessions' own verdicts, the timeline's period and both evidence bundles (session
// and timeline). The world is read as the emulator serves it (createWorld, read-only); the
// timeline is built from the agent's list records and session details as the panel builds it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { UserSessionDetail } from '../../src/api/types';
import { createWorld, type Episode, type EpisodeKind, type GroupWorld } from '../../src/emulator/world/index';
import { agentTimeline, sessionContextInTimeline, TimelineLanesBuilder } from '../../src/analysis/timeline';
import { sessionVerdict, SEGMENT_LABELS, type Segment } from '../../src/analysis/session';
import { sessionEvidence, timelineEvidence } from '../../src/analysis/evidence';

const NOW = Date.UTC(2026, 10, 18, 12, 0, 0) / 1000;
const HOUR = 3600;
const GENERATED_AT = new Date('2026-11-20T11:00:00Z');
const group = createWorld({ seed: 42, preset: 'demo' }).group(1001) as GroupWorld;
const EXPECTED: Record<EpisodeKind, Segment> = { wifi: 'wifi', vpn: 'tunnel', isp: 'isp', server: 'server', cpu: 'device' };

function timelineAround(e: Episode): ReturnType<typeof agentTimeline> {
  const range = { from: e.startSeconds - 3 * HOUR, to: e.endSeconds + 2 * HOUR };
  const filter = [{ key: 'agentId', values: new Set([e.agentId]) }];
  const builder = new TimelineLanesBuilder(e.agentId);
  const sessions = [...group.userSessions(range, undefined, filter)].map((x) => x.record);
  builder.add('userSessions', sessions);
  builder.add('webSessions', [...group.webSessions(range, undefined, filter)].map((x) => x.record));
  builder.add('networkSessions', [...group.networkSessions(range, undefined, filter)].map((x) => x.record));
  builder.add('networkProbes', [...group.networkProbes(range, undefined, filter)].map((x) => x.record));
  for (const s of sessions) builder.addSessionDetail(group.userSession(s.userSessionId));
  return agentTimeline({ agentId: e.agentId, name: e.computerName }, { fromMs: range.from * 1000, toMs: range.to * 1000 }, builder, [], true);
}

for (const kind of Object.keys(EXPECTED) as EpisodeKind[]) {
  test(`${kind} episode: the sessions' verdicts, the timeline and both evidence bundles blame ${SEGMENT_LABELS[EXPECTED[kind]]}`, () => {
    const e = group.episodes(NOW - 2 * 86400, NOW).filter((x) => x.kind === kind && x.endSeconds <= NOW - 2 * HOUR).pop();
    assert.ok(e, `a whole ${kind} episode`);
    const want = EXPECTED[kind];
    const label = SEGMENT_LABELS[want];
    const timeline = timelineAround(e);
    const period = timeline.verdict.periods.find((p) => p.fromMs < e.endSeconds * 1000 && p.toMs > e.startSeconds * 1000);
    assert.equal(period?.segment, want, `timeline: ${timeline.verdict.summary} ${period?.line ?? ''}`);

    const poor = timeline.lanes.sessions.filter((s) => s.grade === 'bad' && s.t >= e.startSeconds * 1000 && s.t < e.endSeconds * 1000);
    assert.ok(poor.length >= 5, `${poor.length} poor sessions`);
    const own = poor.map((s) => {
      const detail = group.userSession(s.userSessionId) as UserSessionDetail;
      const context = sessionContextInTimeline(timeline, s.userSessionId) ?? {};
      return { verdict: sessionVerdict(detail, context), evidence: sessionEvidence({ session: detail, context, generatedAt: GENERATED_AT }) };
    });
    const agreeing = own.filter((o) => o.verdict.worst === want);
    assert.ok(agreeing.length >= 0.8 * own.length, `sessions: ${own.map((o) => o.verdict.worst).join(', ')} — e.g. ${own.find((o) => o.verdict.worst !== want)?.verdict.line}`);
    const said = (o: (typeof own)[number]): string => o.evidence.verdict.lines[0] ?? '';
    const blames = (text: string): boolean => text.startsWith(`Worst segment: ${label} — `) || text.startsWith(`Weakest segment: ${label} — `);
    assert.ok(agreeing.every((o) => blames(said(o))), `the session evidence says the same: ${agreeing.map(said).find((l) => !blames(l))}`);
    assert.ok((period?.sessionVerdicts[label] ?? 0) >= 0.8 * (period?.poor ?? 0), `the period counts the sessions' own verdicts: ${JSON.stringify(period?.sessionVerdicts)}`);

    const bundle = timelineEvidence({ timeline, generatedAt: GENERATED_AT });
    assert.ok(bundle.verdict.lines.some((l) => l.includes(`— ${label}: `)), `timeline evidence: ${bundle.verdict.lines.join(' | ')}`);
  });
}
