// Sorting and grouping loaded sessions: worst first is stable and puts unscored sessions last;
// slowest page first; groups keep the order inside; the note says it covers what is loaded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { arrangementNote, groupDescription, groupSessions, sortSessions } from '../../../src/analysis/records/arrange';
import type { UserSession } from '../../../src/api/types';

const s = (id: string, site: string, agentId: string, experienceScore?: number): UserSession =>
  ({
    userSessionId: id,
    visitedSite: site,
    agentId,
    ...(experienceScore === undefined ? {} : { experienceScore }),
  }) as UserSession;
const sessions = [
  s('1', 'a.com', 'x', 0.9),
  s('2', 'b.com', 'y', 0.2),
  s('3', 'a.com', 'y'),
  s('4', 'b.com', 'x', 0.2),
  s('5', 'a.com', 'x', 0.5),
];

test('time keeps the API order; worst first is stable and puts unscored sessions last', () => {
  assert.deepEqual(
    sortSessions(sessions, 'time').map((p) => p.record.userSessionId),
    ['1', '2', '3', '4', '5'],
  );
  assert.deepEqual(
    sortSessions(sessions, 'worst').map((p) => p.record.userSessionId),
    ['2', '4', '5', '1', '3'],
  );
  assert.deepEqual(
    sortSessions(sessions, 'worst').map((p) => p.index),
    [1, 3, 4, 0, 2],
    'each row keeps its place in the list',
  );
});

test('worst first ranks equal scores as Worst Sessions does: the slower slowest page first, when known', () => {
  const loads: Record<string, number> = { 2: 1200, 4: 9000 };
  assert.deepEqual(
    sortSessions(sessions, 'worst', (x) => loads[x.userSessionId]).map((p) => p.record.userSessionId),
    ['4', '2', '5', '1', '3'],
  );
});

test('slowest page first, from the loads known so far', () => {
  const loads: Record<string, number> = { 1: 1200, 2: 9000, 4: 300 };
  assert.deepEqual(
    sortSessions(sessions, 'slowestPage', (x) => loads[x.userSessionId]).map((p) => p.record.userSessionId),
    ['2', '1', '4', '3', '5'],
  );
});

test('groups by site or by agent (named), in order of their best-placed member, with the worst score', () => {
  const bySite = groupSessions(sortSessions(sessions, 'worst'), 'site', () => undefined);
  assert.deepEqual(
    bySite.map((g) => [g.label, g.items.map((p) => p.record.userSessionId)]),
    [
      ['b.com', ['2', '4']],
      ['a.com', ['5', '1', '3']],
    ],
  );
  assert.equal(groupDescription(bySite[1]!), '3 sessions · worst 0.50 fair');
  const byAgent = groupSessions(sortSessions(sessions, 'time'), 'agent', (id) => (id === 'x' ? 'LAPTOP-X' : undefined));
  assert.deepEqual(
    byAgent.map((g) => g.label),
    ['LAPTOP-X', 'y'],
  );
  assert.equal(
    groupSessions([{ record: s('9', '', ''), index: 0 }], 'site', () => undefined)[0]?.label,
    '(site not reported)',
  );
});

test('the note says what is sorted and that only the loaded sessions are', () => {
  assert.equal(arrangementNote('time', 'none', 40, true), undefined);
  assert.equal(
    arrangementNote('worst', 'none', 300, true),
    'sorted: worst experience first (300 loaded of more — Load more to include them)',
  );
  assert.equal(arrangementNote('time', 'site', 12, false), 'grouped by site (12 loaded)');
});
