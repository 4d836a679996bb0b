// `netmon evidence` through the real entry point against the emulator: a session's bundle
// has its verdict and its pages' HARs redacted (the emulator's session cookies nowhere in
// it); a path bundle has the localization, the mtr-style text and the pinned hop; --markdown
// writes the .md with its images (PNG and SVG) and HARs beside it; existing files are kept; mistakes exit 2.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sessionVerdict } from '../../../src/analysis/session';
import { escapeHtml } from '../../../src/analysis/text/html';
import { agentTimeline, apiTimeMs, sessionContextInTimeline } from '../../../src/analysis/timeline';
import { TimelineWalk } from '../../../src/analysis/timeline/walk';
import { readPathRounds, readRoundTraces } from '../../../src/analysis/path/read-rounds';
import { createNetmonClient, type NetmonClient } from '../../../src/api';
import type { UserSession } from '../../../src/api/types';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import { netmon } from './run-netmon';
import { FIXTURE_DIR, REDACT_FIXTURES } from '../../fixtures/har-redact/expectations';

const NOW_MS = Date.UTC(2026, 10, 18, 12, 2, 0);
const TEST_ID = 100101;
const TOKEN = DEMO_CREDENTIALS.admin.token;

for (const api of ['v6', 'v7'] as const) {
  describe(`netmon evidence (emulator speaking ${api}, detected)`, () => {
    let emulator: RunningEmulator;
    let client: NetmonClient;
    let dir: string;
    let session: UserSession;
    const run = (...args: string[]): ReturnType<typeof netmon> =>
      netmon(['evidence', ...args, '--base-url', emulator.url], { cwd: dir, env: { NETMON_TOKEN: TOKEN } });

    before(async () => {
      emulator = await startEmulator({ port: 0, api, now: () => NOW_MS });
      client = createNetmonClient({
        apiVersion: api,
        baseUrl: emulator.url,
        credentials: { kind: 'bearer', token: TOKEN },
      });
      const { records } = await client.userSessions({ window: '1h' }).collect({ maxRecords: 50 });
      session = records.find((s) => s.numberOfPages >= 2)!;
      assert.ok(session, 'a session with pages in the last hour');
      dir = mkdtempSync(join(tmpdir(), 'netmon-evidence-cli-'));
    });
    after(async () => {
      await client.close();
      await emulator.close();
      rmSync(dir, { recursive: true, force: true });
    });

    test("session: the HTML has the verdict and every page's HAR, redacted (no session cookie value in it)", async () => {
      const result = await run('session', session.userSessionId);
      assert.equal(result.code, 0, result.stderr);
      const file = join(dir, `evidence-session-${session.userSessionId}.html`);
      assert.match(result.stdout, new RegExp(`^wrote ${file.replace(/[.\\]/g, '\\$&')}\nverdict: `));
      const html = readFileSync(file, 'utf8');
      const detail = await client.getUserSession(session.userSessionId);
      // The verdict in the context of the agent's records around the session (its normal, tunnel, first byte), as the CLI reads them.
      const t = apiTimeMs(detail.date)!;
      const walk = new TimelineWalk(
        client,
        String(detail.agentId),
        { from: new Date(t - 3 * 3600_000), to: new Date(t + 3600_000) },
        { fromMs: t - 3 * 3600_000, toMs: t + 3600_000 },
      );
      await walk.run();
      const context = sessionContextInTimeline(
        agentTimeline({ agentId: String(detail.agentId) }, walk.range, walk.builder, walk.gaps, true),
        session.userSessionId,
      );
      assert.ok(
        context?.normalRttMs !== undefined && context.firstByteMs !== undefined,
        `the neighbours give a normal and the first byte: ${JSON.stringify(context)}`,
      );
      assert.ok(html.includes(escapeHtml(sessionVerdict(detail, context).line)), 'the verdict line');
      assert.match(html, /<dt>Account group<\/dt><dd>ACME Corp \(1001\)<\/dd>/);
      assert.equal(
        html.match(/<a download="[^"]+\.har" href="data:application\/json;base64,/g)?.length,
        detail.pages.length,
      );
      const raw = JSON.stringify(await client.getPageDetails(session.userSessionId, detail.pages[0]!.id));
      const cookies = [...raw.matchAll(/session_id=([0-9a-f]{24})/g)].map(([, value]) => value!);
      assert.ok(cookies.length > 0, "the emulator's HAR carries session cookies");
      for (const value of cookies) assert.ok(!html.includes(value), 'a cookie value leaked into the bundle');
      assert.match(html, /Redacted: cookie values \(cookie\): \d+/);
    });

    test('path: the localization, the mtr-style text and the pinned hop; --markdown with its files', async () => {
      const [round] = await readPathRounds(client, TEST_ID, { window: '6h' });
      const traces = await readRoundTraces(client, TEST_ID, round!.agentIds, round!.roundId);
      const pinned = traces[0]!.routes[0]!.hops[1]!.ipAddress;
      const result = await run(
        'path',
        '--test',
        String(TEST_ID),
        '--window',
        '6h',
        '--highlight',
        `${pinned},192.0.2.254`,
        '-o',
        'path.html',
        '--markdown',
        'ticket.md',
      );
      assert.equal(result.code, 0, result.stderr);
      const html = readFileSync(join(dir, 'path.html'), 'utf8');
      assert.match(html, /<h1>Network path of Outlook reachability \(100101\): round 2026-11-18 \d\d:\d\d UTC<\/h1>/);
      assert.match(html, /<h2>Where the problem is<\/h2>/);
      assert.match(html, /<h2>Path per agent \(mtr-style\)<\/h2><pre [^>]*>[^]*Path trace from [^]*Hop {2}Host/);
      assert.match(html, new RegExp(`<h2>Highlighted hops</h2><table>.*<td>${pinned.replace(/\./g, '\\.')}[ <]`));
      assert.doesNotMatch(html, /192\.0\.2\.254/);
      const markdown = readFileSync(join(dir, 'ticket.md'), 'utf8');
      assert.match(markdown, /^# Network path of Outlook reachability \\\(100101\\\)/);
      assert.match(markdown, /## Path per agent \\\(mtr-style\\\)\n\n```text\n/);
    });

    test('session --markdown: the .md, its waterfall images and the redacted HARs beside it', async () => {
      const result = await run('session', session.userSessionId, '-o', 'session.html', '--markdown', 'notes/../s.md');
      assert.equal(result.code, 0, result.stderr);
      const pages = session.numberOfPages;
      const written = readdirSync(dir)
        .filter((name) => name.startsWith('s-'))
        .sort();
      assert.equal(written.filter((n) => /^s-waterfall-\d+\.svg$/.test(n)).length, pages);
      assert.equal(written.filter((n) => /^s-session-.*-page-\d+\.har$/.test(n)).length, pages);
      const markdown = readFileSync(join(dir, 's.md'), 'utf8');
      assert.equal(written.filter((n) => /^s-waterfall-\d+\.png$/.test(n)).length, pages);
      assert.match(markdown, /!\[Waterfall of page 1 .*\]\(s-waterfall-1\.png\)/);
      assert.match(
        readFileSync(join(dir, 's-waterfall-1.svg'), 'utf8'),
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/,
      );
      assert.deepEqual([...readFileSync(join(dir, 's-waterfall-1.png')).subarray(1, 4)], [...Buffer.from('PNG')]);
    });

    test('timeline: one agent over the range, named, with the verdict over time', async () => {
      const featured = emulator.world.group(1001)?.featuredAgents()[0];
      assert.ok(featured, 'the demo group has featured agents');
      const agent = await client.getEndpointAgent(featured.agentId);
      const result = await run('timeline', String(agent?.computerName), '--window', '24h', '-o', 'timeline.html');
      assert.equal(result.code, 0, result.stderr);
      const html = readFileSync(join(dir, 'timeline.html'), 'utf8');
      assert.ok(html.includes(escapeHtml(String(agent?.computerName))), 'the agent is named');
      assert.match(html, /<h2[^>]*>Verdict<\/h2>/);
      assert.doesNotMatch(html, /<script/i);
    });

    test('har-diff: two files, no account needed; the diff and both HARs attached, redacted', async () => {
      const fixtures = join(__dirname, '..', '..', 'fixtures');
      const result = await netmon(
        [
          'evidence',
          'har-diff',
          join(fixtures, 'har-real', 'chrome-before.har'),
          join(fixtures, 'har-real', 'chrome-after.har'),
          '-o',
          'diff.html',
        ],
        { cwd: dir },
      );
      assert.equal(result.code, 0, result.stderr);
      const html = readFileSync(join(dir, 'diff.html'), 'utf8');
      assert.match(html, /main\.\[hash\]\.js/, 'the largest regression is named');
      assert.equal(html.match(/<a download="[^"]+\.har" href="data:application\/json;base64,/g)?.length, 2);

      const chrome = REDACT_FIXTURES.find((f) => f.name === 'chrome');
      assert.ok(chrome);
      const secret = await netmon(
        ['evidence', 'har-diff', join(FIXTURE_DIR, 'chrome.har'), join(FIXTURE_DIR, 'chrome.har'), '-o', 'secret.html'],
        { cwd: dir },
      );
      assert.equal(secret.code, 0, secret.stderr);
      const bundle = readFileSync(join(dir, 'secret.html'), 'utf8');
      const attached = [...bundle.matchAll(/href="data:application\/json;base64,([^"]+)"/g)]
        .map(([, b64]) => Buffer.from(b64!, 'base64').toString('utf8'))
        .join('\n');
      assert.ok(attached.length > 0);
      for (const value of chrome.secrets)
        assert.ok(
          !bundle.includes(value) && !attached.includes(value),
          `${value.slice(0, 12)}… is not in the bundle or its HARs`,
        );
    });

    test('-o - writes the HTML to stdout and says what it did on stderr', async () => {
      const result = await run('session', session.userSessionId, '-o', '-');
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, /^<!doctype html>\n/);
      assert.match(result.stderr, /^verdict: /);
    });

    test('an existing file is kept without --force (nothing written), replaced with it', async () => {
      writeFileSync(join(dir, 'keep.html'), 'mine');
      const refused = await run('session', session.userSessionId, '-o', 'keep.html', '--markdown', 'keep.md');
      assert.equal(refused.code, 2);
      assert.match(refused.stderr, /keep\.html already exists: pass --force to overwrite it/);
      assert.equal(readFileSync(join(dir, 'keep.html'), 'utf8'), 'mine');
      assert.ok(!existsSync(join(dir, 'keep.md')), 'nothing else was written either');
      const forced = await run('session', session.userSessionId, '-o', 'keep.html', '--force');
      assert.equal(forced.code, 0, forced.stderr);
      assert.match(readFileSync(join(dir, 'keep.html'), 'utf8'), /^<!doctype html>/);
    });

    test('mistakes exit 2 and say what is wrong', async () => {
      const cases: [string[], RegExp][] = [
        [['session'], /name one user session/],
        [['path', '--window', '6h'], /--test needs the id of a scheduled endpoint test/],
        [['session', 'abc', '--test', '1'], /--test, --round and --against are for evidence path/],
        [['session', 'abc', '--bogus'], /unknown option --bogus/],
        [['path', '--test', String(TEST_ID), '--markdown', '-'], /--markdown needs a file name/],
        [['explain'], /unknown subcommand explain/],
        [['har-diff', 'only-one.har'], /two HAR files are needed: before and after/],
        [['timeline'], /name one agent/],
        [['session', 'no-such-session'], /no-such-session/],
      ];
      for (const [args, message] of cases) {
        const result = await run(...args);
        assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
        assert.match(result.stderr, message);
      }
      const help = await netmon(['evidence', '--help']);
      assert.equal(help.code, 0);
      assert.match(help.stdout, /Exit code: 0 written; 2 could not run/);
    });
  });
}
