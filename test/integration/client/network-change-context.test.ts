// The seeded ISP episode (the agent falls back to its backup line) through both dialects: the
// context read around a session of the episode carries the change of ISP and public IP the
// timeline detects, and a test's round measured before the switch is said to differ from the
// session for that reason, before "another round" and "another probe".
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bothDialects } from './helpers';
import { sessionNeighbourContext } from '../../../src/analysis/timeline/timeline';
import { compareWithSession, sessionSide } from '../../../src/analysis/session/path-agreement';
import { hop, trace } from '../../unit/path/traces';

/** Not today: the emulator's world is the same at any instant, and this one is far from the commit. */
const NOW_MS = Date.UTC(2026, 7, 14, 23, 50, 0);

describe("a change of the agent's line around a session, through v6 and v7", () => {
  const { emulators, clients } = bothDialects(NOW_MS);

  test('a session on the backup line: its context names the ISP change, and the round before it differs for that reason', async () => {
    const now = NOW_MS / 1000;
    const episode = emulators[0]!.world
      .group(1001)
      ?.episodes(now - 86_400, now)
      .find((e) => e.kind === 'isp' && e.endSeconds <= now);
    assert.ok(episode, 'the demo world plays an ISP episode in the last day');
    const range = {
      from: new Date(episode.startSeconds * 1000 + 60_000),
      to: new Date(Math.min(episode.endSeconds, episode.startSeconds + 1800) * 1000),
    };
    const filters = [{ key: 'agentId', values: [episode.agentId] }];
    for (const [index, client] of clients.entries()) {
      const dialect = index === 0 ? 'v6' : 'v7';
      const [listed] = (await client.userSessions({ ...range, filters }).collect({ maxRecords: 1 })).records;
      assert.ok(listed, `${dialect}: the agent records sessions on its backup line`);
      const session = await client.getUserSession(listed.userSessionId);
      const context = await sessionNeighbourContext(client, session);
      const isp = context?.networkChanges?.find((change) => change.kind === 'isp');
      assert.ok(isp, `${dialect}: ${JSON.stringify(context?.networkChanges)}`);
      assert.match(isp.text, /^ISP changed from .+ to .+$/);
      assert.ok(Math.abs(isp.t - episode.startSeconds * 1000) <= 10 * 60_000, `${dialect}: at the switch`);

      const roundBefore = episode.startSeconds - 600;
      const agreement = compareWithSession(sessionSide(session, 'laptop', context?.networkChanges), {
        testName: 'Login page',
        roundId: roundBefore,
        traces: [trace('other-agent', [[hop(1, '192.168.9.1', 1), hop(2, '10.9.0.1', 3)]], roundBefore)],
      });
      assert.equal(agreement.agree, false, agreement.lines.join('\n'));
      assert.match(
        agreement.reasons[1] ?? '',
        /^the agent's network changed between the session and the round: (.+, then )?ISP changed from .+ to .+ \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)/,
        agreement.reasons.join('\n'),
      );
    }
  });
});
