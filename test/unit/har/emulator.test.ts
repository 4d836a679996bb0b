// The emulator's synthetic world: its page HARs and session details go through the same
// reader, waterfall and verdict as real data, and keep the invariants the panels rely on.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { buildWaterfall, readHar, summarize } from '../../../src/analysis/har';
import { sessionOverview, sessionVerdict } from '../../../src/analysis/session';
import { createWorld } from '../../../src/emulator/world/index';
import type { UserSessionDetail } from '../../../src/api/types';

const world = createWorld({ seed: 7, preset: 'demo' });
const group = world.group(world.accountGroups[0]?.aid ?? 0);
const now = Math.floor(Date.now() / 1000);
const sessions: UserSessionDetail[] = [];
for (const { record } of group?.userSessions({ from: now - 6 * 3600, to: now }) ?? []) {
  const detail = group?.userSession(record.userSessionId);
  if (detail) sessions.push(detail);
  if (sessions.length === 12) break;
}

describe('emulator HARs', () => {
  test('the world has sessions with pages to test', () => {
    assert.ok(sessions.length >= 5, `${sessions.length} sessions`);
  });

  test('every page HAR reads cleanly and its rows start at or after the page start', () => {
    let entries = 0;
    for (const session of sessions) {
      for (const page of session.pages) {
        const doc = readHar(group?.pageHar(session.userSessionId, page.id));
        assert.deepEqual(doc.warnings, []);
        const waterfall = buildWaterfall(doc, doc.pages[0]?.id ?? '');
        assert.ok(waterfall.rows.length > 0);
        for (const row of waterfall.rows) {
          assert.ok(row.offsetMs >= 0, `${row.entry.url} starts before its page`);
          const phases = Object.values(row.entry.phases);
          assert.ok(phases.every((d) => d >= 0));
          const sum = phases.reduce((a, b) => a + b, 0);
          assert.ok(
            Math.abs(sum - row.entry.totalMs) < 0.01,
            `${row.entry.url}: phases ${sum} vs time ${row.entry.totalMs} (ssl counted twice?)`,
          );
        }
        entries += waterfall.rows.length;
        assert.ok(doc.systemMetrics === undefined || doc.systemMetrics.physicalMemoryTotalBytes > 0);
      }
    }
    assert.ok(entries > 100);
  });

  test('redirect chains in emulator HARs are linked', () => {
    let redirects = 0;
    for (const session of sessions) {
      for (const page of session.pages) {
        const doc = readHar(group?.pageHar(session.userSessionId, page.id));
        for (const entry of doc.entries.filter((e) => e.redirectURL)) {
          redirects += 1;
          const target = doc.entries.find((e) => e.redirectedFrom === entry.index);
          assert.ok(target, `no entry follows the redirect from ${entry.url}`);
          assert.equal(target.url, new URL(entry.redirectURL, entry.url).href);
        }
        assert.equal(
          summarize(buildWaterfall(doc, doc.pages[0]?.id ?? '').rows).redirects,
          doc.entries.filter((e) => e.redirectURL).length,
        );
      }
    }
    assert.ok(redirects > 0, 'the demo world redirects some first pages (http → https, / → /login)');
  });

  test('every session detail gets an overview and a one-line verdict', () => {
    for (const session of sessions) {
      const overview = sessionOverview(session);
      assert.equal(overview.pages.length, session.pages.length);
      assert.ok(overview.verdict.line.length > 10);
      assert.equal(sessionVerdict(session).worst, overview.verdict.worst);
    }
  });
});
