// The calendar check finds what made main red on 2026-11-27: a fixture dated days before its commit,
// read through a format relative to now, and a formatter called without the test's now.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { checkTestClock, datesIn, isRecent } from '../../../scripts/check-test-clock.mjs';

const DAY_MS = 86_400_000;

/** A throwaway repository whose one commit is dated `committedAt`, holding `files`. */
function repositoryWith(files: Record<string, string>, committedAt: string): string {
  const root = mkdtempSync(join(tmpdir(), 'netmon-clock-check-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const env = { ...process.env, GIT_AUTHOR_DATE: committedAt, GIT_COMMITTER_DATE: committedAt };
  const git = (...args: string[]): void => void execFileSync('git', args, { cwd: root, env, stdio: 'ignore' });
  git('init', '-q');
  git('add', '-A');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'fixtures');
  return root;
}

const SHORT_TIME_SOURCE =
  'export function shortTime(value: unknown, now: Date = new Date()): string { return String(value) + String(now); }\n';

test('a date reads as a calendar date only when its month and day can be', () => {
  assert.deepEqual(
    datesIn('at 2026-11-20T11:55:00Z and 2026-13-01').map((d) => d.text),
    ['2026-11-20T11:55'],
  );
  assert.equal(isRecent(Date.parse('2026-11-20'), Date.parse('2026-11-21')), true);
  assert.equal(isRecent(Date.parse('2025-11-20'), Date.parse('2026-11-21')), false);
  assert.equal(
    isRecent(Date.parse('2026-12-15'), Date.parse('2026-11-21')),
    true,
    'a date just after the commit ages too',
  );
});

test("the fixture that turned main red is found: a probe dated a day before its commit, in the commit's own week", () => {
  const root = repositoryWith(
    {
      'src/summaries.ts': SHORT_TIME_SOURCE,
      'test/shapes.test.ts': "const PROBES = [{ networkProbeId: 'np-1', date: '2026-11-20T11:55:00Z' }];\n",
      'test/fixtures/old.har': '{ "startedDateTime": "2019-03-04T10:00:00Z" }\n',
    },
    '2026-11-21T10:00:00Z',
  );
  try {
    const findings = checkTestClock(root, Date.parse('2026-11-28T11:40:00Z'));
    assert.equal(findings.length, 1, findings.join('\n'));
    assert.match(
      findings[0] ?? '',
      /^test\/shapes\.test\.ts:1: 2026-11-20T11:55 is within 30 days of when the line was written \(2026-11-21\)/,
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a listed file with its reason, and dates long before the commit, pass; an uncommitted line is judged against today', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  const root = repositoryWith(
    {
      'src/summaries.ts': SHORT_TIME_SOURCE,
      'test/pinned.test.ts': "const NOW = new Date('2026-11-23T14:30:00Z');\n",
      'test/dated-fixtures.json': JSON.stringify({ 'test/pinned.test.ts': 'gives NOW to every formatter it calls' }),
    },
    '2026-11-24T10:00:00Z',
  );
  try {
    assert.deepEqual(checkTestClock(root, now), []);
    writeFileSync(join(root, 'test/new.test.ts'), `const AT = '${new Date(now - 3 * DAY_MS).toISOString()}';\n`);
    assert.match(checkTestClock(root, now).join('\n'), /^test\/new\.test\.ts:1: .* \(2026-11-28\)/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("a test that calls a formatter of src/ without the test's now is found, and one that passes it is not", () => {
  const root = repositoryWith(
    {
      'src/summaries.ts': SHORT_TIME_SOURCE,
      'test/rows.test.ts': 'shortTime(date);\nshortTime(date, NOW);\nlabels.shortTime(date);\n',
    },
    '2024-01-10T10:00:00Z',
  );
  try {
    const findings = checkTestClock(root, Date.parse('2026-11-28T12:00:00Z'));
    assert.deepEqual(
      findings.map((finding) => finding.split(':').slice(0, 2).join(':')),
      ['test/rows.test.ts:1', 'test/rows.test.ts:3'],
    );
    assert.match(findings[0] ?? '', /shortTime\(…\) reads the clock when given no now/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
