// Experience scores of the demo world spread as real ones do: most sessions good, a tail of
// fair and poor ones, few near 0 — so "the worst sessions" of a day are told apart by score.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { demoGroup, HOUR, lastHours, NOW } from './helpers';

describe('experience scores', () => {
  for (const aid of [1001, 1002]) {
    test(`one demo day of group ${aid}: mostly good, a poor tail, none at 0.00`, () => {
      const { group } = demoGroup(1, aid);
      const scores = [...group.userSessions(lastHours(24))]
        .map((s) => s.record.experienceScore ?? Number.NaN)
        .sort((a, b) => a - b);
      const share = (keep: (score: number) => boolean): number => scores.filter(keep).length / scores.length;
      assert.ok(scores.length > 1000);
      assert.ok(share((s) => s >= 0.7) >= 0.7, 'most sessions are good');
      assert.ok(share((s) => s < 0.4) > 0.01 && share((s) => s < 0.4) < 0.1, 'a tail is poor (episodes, incidents)');
      assert.ok(share((s) => s < 0.1) < 0.02, 'few are near 0');
      assert.ok(
        scores.every((s) => s >= 0.005 && s <= 1),
        `no session shows 0.00 (lowest ${scores[0]})`,
      );
      const worstTen = scores.slice(0, 10);
      assert.ok(new Set(worstTen).size >= 8, `the ten worst are told apart by score: ${worstTen.join(' ')}`);
    });
  }
});

// The worst sessions of a window that holds an episode are the episode's: the documented stories,
// each linked to a test's path. Left to chance (a network's incident scoring as low), the worst
// session of "yesterday afternoon" was a random visit to a site no test measures on 6 days of 14.
describe("the worst sessions of a window are its episodes'", () => {
  const HOURS_24 = 24 * HOUR;
  const worstTen = (
    group: ReturnType<typeof demoGroup>['group'],
    from: number,
    to: number,
  ): { agentId: string; at: number; score: number }[] =>
    [...group.userSessions({ from, to })]
      .map((s) => ({
        agentId: String(s.record.agentId),
        at: Date.parse(`${String(s.record.date).replace(' ', 'T')}Z`) / 1000,
        score: s.record.experienceScore ?? 1,
      }))
      .sort((a, b) => a.score - b.score)
      .slice(0, 10);
  const inEpisode = (group: ReturnType<typeof demoGroup>['group'], session: { agentId: string; at: number }): boolean =>
    group
      .episodes(session.at - HOURS_24, session.at + 1)
      .some((e) => e.agentId === session.agentId && session.at >= e.startSeconds && session.at < e.endSeconds);

  for (const aid of [1001, 1002]) {
    test(`group ${aid}: the ten worst of the last 24 h, at eight times of day, all in an episode; outside one no session scores under 0.2`, () => {
      const { group } = demoGroup(1, aid);
      for (let k = 0; k < 8; k++) {
        const to = NOW + k * 7 * HOUR + 1500;
        const worst = worstTen(group, to - HOURS_24, to);
        const stray = worst.filter((s) => !inEpisode(group, s));
        assert.deepEqual(stray, [], `window ending ${new Date(to * 1000).toISOString()}`);
      }
      const day = [...group.userSessions(lastHours(24))];
      const outside = day.filter(
        (s) =>
          !inEpisode(group, {
            agentId: String(s.record.agentId),
            at: Date.parse(`${String(s.record.date).replace(' ', 'T')}Z`) / 1000,
          }),
      );
      assert.ok(outside.length > 1000);
      assert.ok(
        outside.every((s) => (s.record.experienceScore ?? 1) >= 0.2),
        'a session outside every episode keeps to the floor or above',
      );
      assert.ok(
        outside.some((s) => (s.record.experienceScore ?? 1) < 0.4),
        'yet network incidents still make a poor tail',
      );
    });
  }

  test("group 1001: the worst of every afternoon (12:00–18:00 UTC) of two weeks is an episode's", () => {
    const { group } = demoGroup(1, 1001);
    const midnight = NOW - 12 * HOUR;
    for (let d = 0; d < 14; d++) {
      const from = midnight + d * HOURS_24 + 12 * HOUR;
      const [worst] = worstTen(group, from, from + 6 * HOUR);
      assert.ok(
        worst && inEpisode(group, worst),
        `afternoon of ${new Date(from * 1000).toISOString().slice(0, 10)}: ${JSON.stringify(worst)}`,
      );
    }
  });
});
