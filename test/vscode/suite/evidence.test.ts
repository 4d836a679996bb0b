// "Export Evidence…" from the panels: the session overview writes one offline HTML file with
// the verdict and the redacted HARs of its pages (no cookie value of the recorded ones), or
// Markdown with its images beside it; the path panel writes where the problem is and the
// hops highlighted in the graph; the timeline and the HAR diff export theirs too.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'mocha';
import * as vscode from 'vscode';
import type {
  PageDetailResponse,
  PathTraceResponse,
  PathVisResponse,
  UserSessionDetailResponse,
} from '../../../src/api/types';
import { answeringPrompts, apiGet, netmonApi } from './netmon-fixture';
import {
  detailsId,
  openFirstSessionOverview,
  openPanel,
  sendFromWebview,
  signedInSuite,
  testNodes,
  waitForRendered,
} from './panels-fixture';

describe('Export Evidence', () => {
  const suite = signedInSuite('netmon-evidence-');

  const exportTo = async (file: string, send: () => Promise<void>): Promise<string> => {
    const { prompts } = await answeringPrompts(
      (prompt) => (prompt.kind === 'save' ? vscode.Uri.file(file) : undefined),
      send,
    );
    assert.deepEqual(
      prompts.map((p) => p.kind),
      ['save', 'offer'],
      'the file is chosen in the save dialog, then Open or Show in Explorer is offered',
    );
    assert.ok(existsSync(file), `${file} was written`);
    return readFileSync(file, 'utf8');
  };

  it('from the session overview: one HTML file with the verdict and the redacted HARs, no script', async function () {
    this.timeout(60_000);
    const { userSessionId, overview } = await openFirstSessionOverview();
    const html = await exportTo(join(suite.scratch, 'session.html'), () =>
      sendFromWebview(overview, { type: 'exportEvidence', params: { userSessionId } }),
    );
    assert.match(html, /<h2[^>]*>Verdict<\/h2>/);
    assert.ok(html.includes(`User session ${userSessionId}`));
    assert.doesNotMatch(html, /<script/i, 'the file runs no script');
    const {
      userSessions: [session],
    } = await apiGet<UserSessionDetailResponse>(suite.emulator, `/v6/endpoint-data/user-sessions/${userSessionId}`);
    const cookies: string[] = [];
    for (const page of session?.pages ?? []) {
      const { har } = await apiGet<PageDetailResponse>(
        suite.emulator,
        `/v6/endpoint-data/user-sessions/${userSessionId}/page/${page.id}`,
      );
      for (const entry of har.log.entries as unknown as { request: { cookies: { value: string }[] } }[])
        cookies.push(...entry.request.cookies.map((c) => c.value));
    }
    assert.ok(cookies.length > 0, 'the recorded pages carry session cookies');
    assert.ok(
      cookies.every((value) => !html.includes(value)),
      'no cookie value of the recorded HARs is in the file',
    );
    assert.match(html, /download="[^"]+\.har"/, 'the redacted HARs are attached');

    const markdown = await exportTo(join(suite.scratch, 'ticket.md'), () =>
      sendFromWebview(overview, { type: 'exportEvidence', params: { userSessionId } }),
    );
    assert.match(markdown, /^# /m);
    const written = readdirSync(suite.scratch);
    assert.ok(
      written.some((name) => /^ticket.*\.png$/.test(name)),
      `the Markdown's images are written beside it: ${written.join(', ')}`,
    );
  });

  it('from the path panel: where the problem is, the path per agent and the highlighted hop', async function () {
    this.timeout(60_000);
    const api = await netmonApi();
    const { test, data } = await testNodes(api, 'agent-to-server');
    const testId = Number(detailsId(test));
    const id = await openPanel('netmon.openPathVisualization', data.get('pathVis'));
    await waitForRendered(id);
    const {
      endpointNet: { pathVis: summaries },
    } = await apiGet<PathVisResponse>(suite.emulator, `/v7/endpoint-data/tests/net/path-vis/${testId}?window=1h`);
    const newest = summaries.reduce((a, b) => (b.roundId > a.roundId ? b : a));
    const {
      endpointNet: {
        pathVis: [trace],
      },
    } = await apiGet<PathTraceResponse>(
      suite.emulator,
      `/v7/endpoint-data/tests/net/path-vis/${testId}/${newest.agentId}/${newest.roundId}`,
    );
    const hop = trace?.routes?.[0]?.hops?.find((h) => h.ipAddress && h.hop > 1)?.ipAddress;
    assert.ok(hop, 'the newest trace has a hop');
    const html = await exportTo(join(suite.scratch, 'path.html'), () =>
      sendFromWebview(id, { type: 'exportEvidence', params: { highlightHops: [hop, '203.0.113.250'] } }),
    );
    assert.match(html, /Where the problem is/);
    assert.match(html, /Path per agent \(mtr-style\)/);
    const pinned = html.slice(html.indexOf('Highlighted hops'));
    assert.ok(html.includes('Highlighted hops') && pinned.includes(hop), 'the highlighted hop is listed');
    assert.ok(!pinned.slice(0, 2000).includes('203.0.113.250'), 'a hop that is not in the traces is ignored');
  });
});
