// `netmon agent timeline` through the real entry point against the emulator's seeded
// episodes: each kind is found as a period within one round of its true bounds and blamed
// on its segment; the text names the Wi-Fi episode with its numbers; dropped connections
// and 5xx answers either leave every record read exactly once or show the gap (exit 1).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AgentTimeline } from '../../../src/analysis/timeline';
import { DEMO_CREDENTIALS, startEmulator, type Episode, type RunningEmulator } from '../../../src/emulator';
import { netmon } from './run-netmon';

const NOW_MS = Date.UTC(2026, 10, 18, 12, 2, 0);
const ROUND_MS = 300_000;
const AID = 1001;
/** Where each dialect lists the sessions (the faults hit the walk there). */
const SESSIONS_PATH = {
  v6: '/v6/endpoint-data/user-sessions',
  v7: '/v7/endpoint/test-results/real-user-tests',
} as const;
const SEGMENTS: Record<Episode['kind'], string> = {
  wifi: 'wifi',
  vpn: 'tunnel',
  isp: 'isp',
  server: 'server',
  cpu: 'device',
};

for (const api of ['v6', 'v7'] as const) {
  describe(`netmon agent timeline (emulator speaking ${api}, detected)`, () => {
    let emulator: RunningEmulator;
    let episodes: Episode[];
    const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 16) + 'Z';
    const run = (episode: Episode, ...extra: string[]): ReturnType<typeof netmon> =>
      netmon(
        [
          'agent',
          'timeline',
          episode.agentId,
          '--from',
          iso(episode.startSeconds * 1000 - 3 * 3600_000),
          '--to',
          iso(episode.endSeconds * 1000 + 2 * 3600_000),
          '--base-url',
          emulator.url,
          '--aid',
          String(AID),
          ...extra,
        ],
        { env: { NETMON_TOKEN: DEMO_CREDENTIALS.admin.token } },
      );

    before(async () => {
      emulator = await startEmulator({ port: 0, api, now: () => NOW_MS, pageSize: 40 });
      const all = emulator.world.group(AID)?.episodes(NOW_MS / 1000 - 2 * 86400, NOW_MS / 1000 - 3 * 3600) ?? [];
      // The latest whole episode of each kind that ended at least three hours before "now".
      episodes = (Object.keys(SEGMENTS) as Episode['kind'][]).map((kind) =>
        all.filter((e) => e.kind === kind && e.endSeconds * 1000 <= NOW_MS - 2 * 3600_000).at(-1)!,
      );
      assert.equal(episodes.filter(Boolean).length, 5, 'one whole episode of each kind in the last two days');
    });
    after(() => emulator.close());

    test('every seeded episode is one period within a round of its bounds, blamed on its segment (--json)', async () => {
      for (const episode of episodes) {
        const result = await run(episode, '--json');
        assert.equal(result.code, 0, result.stderr);
        const timeline = JSON.parse(result.stdout) as AgentTimeline;
        const periods = timeline.verdict.periods;
        const matching = periods.filter(
          (p) =>
            Math.abs(p.fromMs - episode.startSeconds * 1000) <= ROUND_MS &&
            Math.abs(p.toMs - episode.endSeconds * 1000) <= ROUND_MS,
        );
        assert.equal(
          matching.length,
          1,
          `${episode.kind}: ${timeline.verdict.summary} ${periods.map((p) => p.line).join(' | ')}`,
        );
        assert.equal(matching[0]!.segment, SEGMENTS[episode.kind], `${episode.kind}: ${matching[0]!.line}`);
        assert.equal(
          periods.length,
          1,
          `${episode.kind}: nothing else in the range is poor: ${periods.map((p) => p.line).join(' | ')}`,
        );
        assert.equal(timeline.agent.agentId, episode.agentId);
        assert.equal(timeline.agent.name, episode.computerName);
      }
    });

    test('--from/--to without an offset are read in local time (TZ of the process) and stderr says so', async () => {
      const wifi = episodes.find((e) => e.kind === 'wifi')!;
      const [fromMs, toMs] = [wifi.startSeconds * 1000 - 3 * 3600_000, wifi.endSeconds * 1000 + 2 * 3600_000];
      const kolkata = (ms: number): string => new Date(ms + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' '); // UTC+05:30, no DST
      const local = await netmon(
        [
          'agent',
          'timeline',
          wifi.agentId,
          '--from',
          kolkata(fromMs),
          '--to',
          kolkata(toMs),
          '--json',
          '--base-url',
          emulator.url,
          '--aid',
          String(AID),
        ],
        { env: { NETMON_TOKEN: DEMO_CREDENTIALS.admin.token, TZ: 'Asia/Kolkata' } },
      );
      assert.equal(local.code, 0, local.stderr);
      assert.match(
        local.stderr,
        new RegExp(`--from/--to without an offset read as local time \\(UTC\\+05:30\\): ${kolkata(fromMs)} – `),
      );
      const utc = JSON.parse((await run(wifi, '--json')).stdout) as AgentTimeline;
      assert.deepEqual(
        (JSON.parse(local.stdout) as AgentTimeline).verdict.periods,
        utc.verdict.periods,
        'the same range as the UTC one',
      );
      assert.equal((await run(wifi, '--json')).stderr, '', 'with an offset there is nothing to point out');
    });

    test('the text names the Wi-Fi period, its access point and the roam that ended it', async () => {
      const wifi = episodes.find((e) => e.kind === 'wifi')!;
      const result = await run(wifi);
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, new RegExp(`^Agent ${wifi.computerName} \\(${wifi.agentId}\\) · enabled$`, 'm'));
      assert.match(
        result.stdout,
        new RegExp(
          `— Wi-Fi: RSSI -\\d\\d dBm median on SSID ${wifi.detail['ssid']} \\(BSSID ${wifi.detail['weakBssid']}\\)`,
        ),
      );
      assert.match(
        result.stdout,
        new RegExp(`after roamed from BSSID ${wifi.detail['weakBssid']} to ${wifi.detail['roamedBssid']}`),
      );
    });

    test('dropped connections and 5xx answers: every record exactly once, or the gap is shown (exit 1)', async () => {
      const wifi = episodes.find((e) => e.kind === 'wifi')!;
      const clean = JSON.parse((await run(wifi, '--json')).stdout) as AgentTimeline;
      const ids = (t: AgentTimeline): string[] => t.lanes.sessions.map((s) => s.userSessionId);
      for (const fault of ['drop', 'error'] as const) {
        emulator.setFaults([
          { fault, every: 3, times: 2, pathPrefix: SESSIONS_PATH[api], ...(fault === 'error' ? { status: 503 } : {}) },
        ]);
        try {
          const result = await run(wifi, '--json');
          const faulty = JSON.parse(result.stdout) as AgentTimeline;
          assert.equal(new Set(ids(faulty)).size, ids(faulty).length, 'no record twice');
          if (result.code === 0) {
            assert.deepEqual(ids(faulty), ids(clean), `${fault}: the walk completed with every session`);
            assert.equal(faulty.lanes.pages.length, clean.lanes.pages.length);
            assert.deepEqual(faulty.gaps, []);
          } else {
            assert.equal(result.code, 1, result.stderr);
            assert.ok(faulty.gaps.length > 0, `${fault}: an incomplete read shows its gap`);
            assert.match(result.stderr, /could not be read completely/);
          }
        } finally {
          emulator.setFaults([]);
        }
      }
    });

    test('an ambiguous or unknown agent is a usage error naming the candidates', async () => {
      const env = { NETMON_TOKEN: DEMO_CREDENTIALS.admin.token };
      const unknown = await netmon(['agent', 'timeline', 'no-such-laptop', '--base-url', emulator.url], { env });
      assert.equal(unknown.code, 2);
      assert.match(unknown.stderr, /no endpoint agent in .* matches "no-such-laptop"/);
      const ambiguous = await netmon(['agent', 'timeline', 'DESKTOP', '--base-url', emulator.url], { env });
      assert.equal(ambiguous.code, 2);
      assert.match(ambiguous.stderr, /"DESKTOP" matches \d+ agents: DESKTOP-/);
    });
  });
}
