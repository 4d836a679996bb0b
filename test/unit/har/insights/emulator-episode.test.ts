// Must show (issue 33): the emulator's seeded "slow SaaS server" episode is named as a slow
// server response on the right request — the slow site's own document — in the HAR of the
// slowest page of every poor session of the episode, and that document is on the critical path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildWaterfall, readHar } from '../../../../src/analysis/har';
import { pageInsights } from '../../../../src/analysis/har/insights';
import { createWorld, type GroupWorld } from '../../../../src/emulator/world/index';
import type { UserSessionDetail } from '../../../../src/api/types';

const NOW = Date.UTC(2026, 10, 18, 12, 0, 0) / 1000;
const HOUR = 3600;
const group = createWorld({ seed: 42, preset: 'demo' }).group(1001) as GroupWorld;

test("the slow SaaS server episode: each session's slowest page names the site's document as the slow server response", () => {
  const episode = group
    .episodes(NOW - 2 * 86400, NOW)
    .filter((e) => e.kind === 'server' && e.endSeconds <= NOW - 2 * HOUR)
    .pop();
  assert.ok(episode, 'a whole server episode');
  const filter = [{ key: 'agentId', values: new Set([episode.agentId]) }];
  const sessions = [
    ...group.userSessions({ from: episode.startSeconds, to: episode.endSeconds }, undefined, filter),
  ].map((x) => group.userSession(x.record.userSessionId) as UserSessionDetail);
  const slowSite = sessions.filter((s) => s.pages.some((p) => (p.pageTimings?.onLoad ?? 0) >= 10_000));
  assert.ok(slowSite.length >= 3, `${slowSite.length} sessions to the slow site`);
  for (const session of slowSite) {
    const page = session.pages.reduce((a, b) => ((b.pageTimings?.onLoad ?? 0) > (a.pageTimings?.onLoad ?? 0) ? b : a));
    const doc = readHar(group.pageHar(session.userSessionId, page.id));
    const insights = pageInsights(buildWaterfall(doc, page.id));
    const slow = insights.findings.find((f) => f.rule === 'slowServer');
    assert.ok(slow, `${session.userSessionId}: ${insights.findings.map((f) => f.rule).join(', ')}`);
    const named = doc.entries.find((e) => e.index === slow.requests[0]!.index)!;
    assert.equal(named.resourceType, 'document', `${session.userSessionId}: names ${named.url}`);
    assert.equal(named.status, 200);
    assert.equal(new URL(named.url).host, session.visitedSite, 'on the slow site itself');
    assert.ok(slow.requests[0]!.onCriticalPath && slow.requests[0]!.ms >= 1000, JSON.stringify(slow.requests[0]));
    assert.ok(
      insights.findings.indexOf(slow) <= 1,
      `ranked near the top: ${insights.findings.map((f) => `${f.rule} ${f.savingMs}`).join(', ')}`,
    );
  }
});
