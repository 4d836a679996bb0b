// Must show (issue 28): each of the world's five seeded episodes produces the same segment in
// the poor sessions' own verdicts, the timeline's period and both evidence bundles (session
// and timeline); each of the two path episodes the same hop or network in the localization
// (or the path diff) and the path evidence bundle. The world is read as the emulator serves it (createWorld, read-only); the
// timeline is built from the agent's list records and session details as the panel builds it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { UserSessionDetail } from '../../src/api/types';
import { createWorld, type Episode, type EpisodeKind, type GroupWorld } from '../../src/emulator/world/index';
import { agentTimeline, sessionContextInTimeline, TimelineLanesBuilder } from '../../src/analysis/timeline';
import { sessionVerdict, SEGMENT_LABELS, type Segment } from '../../src/analysis/session';
import { pathEvidence, sessionEvidence, timelineEvidence } from '../../src/analysis/evidence';
import { localizePathTraces } from '../../src/analysis/path/localize';
import { diffPathTraces } from '../../src/analysis/path/diff';
import type { PathTrace } from '../../src/api/types';

const NOW = Date.UTC(2026, 10, 18, 12, 0, 0) / 1000;
const HOUR = 3600;
const GENERATED_AT = new Date('2026-11-20T11:00:00Z');
const group = createWorld({ seed: 42, preset: 'demo' }).group(1001) as GroupWorld;
const EXPECTED: Record<EpisodeKind, Segment> = {
  wifi: 'wifi',
  vpn: 'tunnel',
  isp: 'isp',
  server: 'server',
  cpu: 'device',
};

function timelineAround(e: Episode): ReturnType<typeof agentTimeline> {
  const range = { from: e.startSeconds - 3 * HOUR, to: e.endSeconds + 2 * HOUR };
  const filter = [{ key: 'agentId', values: new Set([e.agentId]) }];
  const builder = new TimelineLanesBuilder(e.agentId);
  const sessions = [...group.userSessions(range, undefined, filter)].map((x) => x.record);
  builder.add('userSessions', sessions);
  builder.add(
    'webSessions',
    [...group.webSessions(range, undefined, filter)].map((x) => x.record),
  );
  builder.add(
    'networkSessions',
    [...group.networkSessions(range, undefined, filter)].map((x) => x.record),
  );
  builder.add(
    'networkProbes',
    [...group.networkProbes(range, undefined, filter)].map((x) => x.record),
  );
  for (const s of sessions) builder.addSessionDetail(group.userSession(s.userSessionId));
  return agentTimeline(
    { agentId: e.agentId, name: e.computerName },
    { fromMs: range.from * 1000, toMs: range.to * 1000 },
    builder,
    [],
    true,
  );
}

for (const kind of Object.keys(EXPECTED) as EpisodeKind[]) {
  test(`${kind} episode: the sessions' verdicts, the timeline and both evidence bundles blame ${SEGMENT_LABELS[EXPECTED[kind]]}`, () => {
    const e = group
      .episodes(NOW - 2 * 86400, NOW)
      .filter((x) => x.kind === kind && x.endSeconds <= NOW - 2 * HOUR)
      .pop();
    assert.ok(e, `a whole ${kind} episode`);
    const want = EXPECTED[kind];
    const label = SEGMENT_LABELS[want];
    const timeline = timelineAround(e);
    const period = timeline.verdict.periods.find(
      (p) => p.fromMs < e.endSeconds * 1000 && p.toMs > e.startSeconds * 1000,
    );
    assert.equal(period?.segment, want, `timeline: ${timeline.verdict.summary} ${period?.line ?? ''}`);

    const poor = timeline.lanes.sessions.filter(
      (s) => s.grade === 'bad' && s.t >= e.startSeconds * 1000 && s.t < e.endSeconds * 1000,
    );
    assert.ok(poor.length >= 5, `${poor.length} poor sessions`);
    const own = poor.map((s) => {
      const detail = group.userSession(s.userSessionId) as UserSessionDetail;
      const context = sessionContextInTimeline(timeline, s.userSessionId) ?? {};
      return {
        verdict: sessionVerdict(detail, context),
        evidence: sessionEvidence({ session: detail, context, generatedAt: GENERATED_AT }),
      };
    });
    const agreeing = own.filter((o) => o.verdict.worst === want);
    assert.ok(
      agreeing.length >= 0.8 * own.length,
      `sessions: ${own.map((o) => o.verdict.worst).join(', ')} — e.g. ${own.find((o) => o.verdict.worst !== want)?.verdict.line}`,
    );
    const said = (o: (typeof own)[number]): string => o.evidence.verdict.lines[0] ?? '';
    const blames = (text: string): boolean =>
      text.startsWith(`Worst segment: ${label} — `) || text.startsWith(`Weakest segment: ${label} — `);
    assert.ok(
      agreeing.every((o) => blames(said(o))),
      `the session evidence says the same: ${agreeing.map(said).find((l) => !blames(l))}`,
    );
    assert.ok(
      (period?.sessionVerdicts[label] ?? 0) >= 0.8 * (period?.poor ?? 0),
      `the period counts the sessions' own verdicts: ${JSON.stringify(period?.sessionVerdicts)}`,
    );

    const bundle = timelineEvidence({ timeline, generatedAt: GENERATED_AT });
    assert.ok(
      bundle.verdict.lines.some((l) => l.includes(`— ${label}: `)),
      `timeline evidence: ${bundle.verdict.lines.join(' | ')}`,
    );
  });
}

function tracesOf(testId: number, fromSeconds: number, toSeconds: number): PathTrace[] {
  return [...group.pathVis(testId, { from: fromSeconds, to: toSeconds })]
    .map(({ record }) => group.pathTrace(testId, record.agentId, record.roundId, NOW))
    .filter((t): t is PathTrace => t !== undefined);
}

test('path loss episode: the localization and the path evidence blame the lossy hop, confidently', () => {
  const e = group
    .pathEpisodes(NOW - 2 * 86400, NOW)
    .filter((x) => x.kind === 'lossEpisode' && x.endSeconds <= NOW)
    .pop();
  assert.ok(e);
  const hopAddress = String(e.detail['hopAddress']);
  const traces = tracesOf(e.testId, e.startSeconds, e.endSeconds);
  const found = localizePathTraces(traces);
  assert.equal(found.loss[0]?.kind, 'forwarding', found.headline);
  assert.ok(found.loss[0]?.hopIds.includes(hopAddress) && found.loss[0]?.confident, found.loss[0]?.line);
  const bundle = pathEvidence({ test: { id: e.testId }, traces, generatedAt: GENERATED_AT });
  assert.equal(bundle.verdict.grade, 'bad');
  assert.ok(
    bundle.verdict.lines.some((l) => l.includes(hopAddress)),
    bundle.verdict.lines.join(' | '),
  );
});

test('path route change: the path diff and the path evidence name the new network at the changed hop', () => {
  const e = group
    .pathEpisodes(NOW - 2 * 86400, NOW)
    .filter((x) => x.kind === 'routeChange' && x.startSeconds <= NOW - 2 * HOUR)
    .pop();
  assert.ok(e);
  const interval = 300;
  const before = tracesOf(e.testId, e.startSeconds - 3 * interval, e.startSeconds - 2 * interval);
  const after = tracesOf(e.testId, e.startSeconds + 2 * interval, e.startSeconds + 3 * interval);
  assert.ok(before.length > 0 && after.length > 0, 'a round on each side');
  const diff = diffPathTraces(before, after);
  const moved = diff.agents.filter((a) => a.kind === 'changed');
  assert.deepEqual(moved.map((a) => a.agentId).sort(), [...e.agentIds].sort());
  assert.ok(moved.every((a) => a.hop === e.detail['hop']));
  const bundle = pathEvidence({
    test: { id: e.testId },
    traces: after,
    baseline: { traces: before },
    generatedAt: GENERATED_AT,
  });
  const text = JSON.stringify(bundle);
  assert.ok(
    text.includes(`AS${e.detail['newAsn']}`) && text.includes(`AS${e.detail['oldAsn']}`),
    'the bundle names both networks',
  );
});
