import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { UserSessionsResponse } from '../../../src/api/types';
import { answeringPrompts, apiGet, apiPost, childrenOf, netmonApi, records, root } from './netmon-fixture';
import {
  detailsId,
  openPanel,
  panelStates,
  sendFromWebview,
  waitForPanels,
  waitForRendered,
  signedInSuite,
} from './panels-fixture';

describe('session compare', () => {
  const suite = signedInSuite('netmon-compare-');

  it('two sessions selected in the tree open side by side; a link opens only one of the two', async () => {
    const api = await netmonApi();
    const [first, second] = records(await childrenOf(api, await root(api, 'User Sessions')));
    assert.ok(first && second);
    const id = await vscode.commands.executeCommand<string>('netmon.compareSessions', first, [first, second]);
    const drawn = await waitForRendered(id);
    assert.equal(drawn.kind, 'compare');
    assert.deepEqual(drawn.rendered, { a: detailsId(first), b: detailsId(second) });
    await sendFromWebview(id, { type: 'openSession', params: { userSessionId: detailsId(second) } });
    await waitForPanels('the second overview', (states) =>
      states.find((panel) => panel.key === `session:${detailsId(second)}`),
    );
    const count = (await panelStates()).length;
    await sendFromWebview(id, { type: 'openSession', params: { userSessionId: 'another-session' } });
    assert.equal((await panelStates()).length, count, 'a session the comparison does not show opens nothing');
    const file = join(suite.scratch, 'compare.html');
    await answeringPrompts(
      (prompt) => (prompt.kind === 'save' ? vscode.Uri.file(file) : undefined),
      () => sendFromWebview(id, { type: 'exportEvidence', params: undefined }),
    );
    const html = readFileSync(file, 'utf8');
    assert.ok(
      html.includes(`Sessions ${detailsId(first)} and ${detailsId(second)} compared`),
      'the evidence names both sessions',
    );
    assert.match(html, /<h2[^>]*>Segments<\/h2>/);
    assert.equal(
      await vscode.commands.executeCommand('netmon.compareSessions', first, [first]),
      undefined,
      'one session is not a comparison',
    );
    assert.equal((await panelStates()).length, count);
  });

  it('"Compare with a Good Session" from an overview picks the best-scored session of the same site in the view\'s range', async function () {
    this.timeout(60_000);
    const api = await netmonApi();
    const node = records(await childrenOf(api, await root(api, 'User Sessions')))[0];
    assert.ok(node);
    const sessionId = detailsId(node);
    const {
      userSessions: [session],
    } = await apiGet<{ userSessions: { visitedSite: string }[] }>(
      suite.emulator,
      `/v6/endpoint-data/user-sessions/${sessionId}`,
    );
    const { userSessions } = await apiPost<UserSessionsResponse>(
      suite.emulator,
      '/v6/endpoint-data/user-sessions?window=1h',
      { searchFilters: [{ key: 'visitedSite', values: [session!.visitedSite] }] },
    );
    const best = userSessions
      .filter((s) => s.userSessionId !== sessionId && typeof s.experienceScore === 'number')
      .reduce<(typeof userSessions)[number] | undefined>(
        (top, s) => (!top || (s.experienceScore ?? 0) > (top.experienceScore ?? 0) ? s : top),
        undefined,
      );
    assert.ok(best, `another session of ${session!.visitedSite} in the last hour`);
    const overview = await openPanel('netmon.openSessionOverview', node);
    await waitForRendered(overview);
    await sendFromWebview(overview, { type: 'compareWithBest', params: { userSessionId: sessionId } });
    const compare = await waitForPanels('the comparison', (states) =>
      states.find((panel) => panel.kind === 'compare' && panel.renders > 0),
    );
    assert.deepEqual(compare.rendered, { a: sessionId, b: best.userSessionId });
  });
});
