// Experience scores of the demo world spread as real ones do: most sessions good, a tail of
// fair and poor ones, few near 0 — so "the worst sessions" of a day are told apart by score.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { demoGroup, lastHours } from './helpers';

describe('experience scores', () => {
  for (const aid of [1001, 1002]) {
    test(`one demo day of group ${aid}: mostly good, a poor tail, none at 0.00`, () => {
      const { group } = demoGroup(1, aid);
      const scores = [...group.userSessions(lastHours(24))].map((s) => s.record.experienceScore ?? Number.NaN).sort((a, b) => a - b);
      const share = (keep: (score: number) => boolean): number => scores.filter(keep).length / scores.length;
      assert.ok(scores.length > 1000);
      assert.ok(share((s) => s >= 0.7) >= 0.7, 'most sessions are good');
      assert.ok(share((s) => s < 0.4) > 0.01 && share((s) => s < 0.4) < 0.1, 'a tail is poor (episodes, incidents)');
      assert.ok(share((s) => s < 0.1) < 0.02, 'few are near 0');
      assert.ok(scores.every((s) => s >= 0.005 && s <= 1), `no session shows 0.00 (lowest ${scores[0]})`);
      const worstTen = scores.slice(0, 10);
      assert.ok(new Set(worstTen).size >= 8, `the ten worst are told apart by score: ${worstTen.join(' ')}`);
    });
  }
});
