// postMessage delivers whatever was sent: each panel's guards accept the messages of its
// protocol and drop ones whose params are missing or of the wrong shape.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isHarHostMessage, isHarPanelMessage } from '../../../webview/har/protocol';
import { isAgentHostMessage, isAgentPanelMessage } from '../../../webview/agent/protocol';
import { isInstantHostMessage, isInstantPanelMessage } from '../../../webview/instant/protocol';
import { isMetricsHostMessage, isMetricsPanelMessage } from '../../../webview/metrics/protocol';
import { isPathHostMessage, isPathPanelMessage } from '../../../webview/path/protocol';
import { isSessionHostMessage, isSessionPanelMessage } from '../../../webview/session/protocol';
import { isTimelineHostMessage, isTimelinePanelMessage } from '../../../webview/timeline/protocol';
import { isCompareHostMessage, isComparePanelMessage } from '../../../webview/compare/protocol';
import { isHarDiffHostMessage, isHarDiffPanelMessage } from '../../../webview/hardiff/protocol';

type GuardCase = [guard: (value: unknown) => boolean, accepted: unknown[], rejected: unknown[]];

const CASES: Record<string, GuardCase> = {
  'har host→webview': [
    isHarHostMessage,
    [
      { type: 'load', params: { har: { log: {} }, title: 't' } },
      { type: 'load', params: { har: 'not json' } },
      { type: 'showPage', params: { pageId: 'p1' } },
      {
        type: 'exportPreview',
        params: {
          preview: {
            entries: 3,
            total: 1,
            rules: [
              {
                id: 'cookie',
                description: 'cookie values',
                count: 1,
                locations: ['request 1 · request cookie sid'],
                more: 0,
              },
            ],
          },
        },
      },
    ],
    [
      { type: 'exportPreview', params: { preview: { entries: 3, total: 1, rules: [{ id: 'cookie', count: '1' }] } } },
      { type: 'load' },
      { type: 'load', params: { title: 't' } },
      { type: 'load', params: { har: {}, pageId: 7 } },
      { type: 'showPage', params: {} },
      { type: 'toString', params: {} },
    ],
  ],
  'har webview→host': [
    isHarPanelMessage,
    [
      { type: 'ready' },
      { type: 'loaded', params: { pages: 1, entries: 2, warnings: [], heading: '' } },
      { type: 'openExternal', params: { url: 'https://example.com/' } },
      { type: 'openBody', params: { index: 3 } },
      { type: 'previewExport', params: undefined },
      { type: 'exportHar', params: { redacted: true } },
      { type: 'exportHar', params: { redacted: false } },
    ],
    [
      { type: 'exportHar', params: { redacted: 'yes' } },
      { type: 'exportHar', params: {} },
      { type: 'openExternal', params: { url: 42 } },
      { type: 'openBody', params: { index: '3' } },
      { type: 'openBody', params: {} },
      { type: 'loaded', params: { pages: 1, entries: 2, warnings: [1], heading: '' } },
      { type: 'ready', params: 'x' },
    ],
  ],
  'session host→webview': [
    isSessionHostMessage,
    [
      { type: 'load', params: { session: { userSessionId: 's' } } },
      { type: 'error', params: { message: 'boom' } },
    ],
    [{ type: 'load', params: { session: 'x' } }, { type: 'error', params: { message: ['boom'] } }, { type: 'error' }],
  ],
  'session webview→host': [
    isSessionPanelMessage,
    [
      { type: 'ready' },
      { type: 'loaded', params: { userSessionId: 's' } },
      { type: 'loaded', params: { userSessionId: 's', links: 2 } },
      { type: 'openPage', params: { userSessionId: 's', pageId: 'p', title: 't' } },
      { type: 'openPath', params: { testId: 1, agentId: 'a', roundId: 2 } },
      { type: 'openMetrics', params: { testId: 1, agentId: 'a', roundId: 2 } },
      { type: 'openTraceroute', params: { userSessionId: 's' } },
      { type: 'openTimeline', params: { userSessionId: 's' } },
      { type: 'compareWithBest', params: { userSessionId: 's' } },
      { type: 'exportEvidence', params: { userSessionId: 's' } },
    ],
    [
      { type: 'exportEvidence', params: {} },
      { type: 'openPage', params: { userSessionId: 's', pageId: 'p' } },
      { type: 'loaded', params: {} },
      { type: 'loaded', params: { userSessionId: 's', links: 'x' } },
      { type: 'openPath', params: { testId: '1', agentId: 'a', roundId: 2 } },
      { type: 'openMetrics', params: { testId: 1, roundId: 2 } },
      { type: 'openTimeline', params: {} },
    ],
  ],
  'path host→webview': [
    isPathHostMessage,
    [
      {
        type: 'load',
        params: { title: 't', traces: [{}], rounds: [{ roundId: 1, agents: 2 }], agentNames: { a: 'A' } },
      },
      { type: 'loading', params: { roundId: 5 } },
    ],
    [
      { type: 'load', params: { title: 't', traces: 'x', rounds: [] } },
      { type: 'load', params: { title: 't', traces: [], rounds: [{ roundId: '1' }] } },
      { type: 'load', params: { title: 't', traces: [], rounds: [], agentNames: { a: 1 } } },
      { type: 'loading', params: { roundId: Number.NaN } },
    ],
  ],
  'path webview→host': [
    isPathPanelMessage,
    [
      { type: 'selectRound', params: { roundId: 3 } },
      { type: 'openAsText', params: {} },
      { type: 'rendered', params: { nodes: 1, links: 0, agents: 1 } },
      { type: 'findSessions', params: { agentIds: ['a'], hop: '10.0.0.1' } },
      { type: 'compareWith', params: { roundId: 3 } },
      { type: 'compareWith', params: {} },
      { type: 'rendered', params: { nodes: 1, links: 0, agents: 1, changedAgents: 2 } },
      { type: 'exportEvidence', params: { highlightHops: [] } },
      { type: 'exportEvidence', params: { highlightHops: ['10.0.0.1'] } },
    ],
    [
      { type: 'exportEvidence', params: { highlightHops: [1] } },
      { type: 'exportEvidence', params: {} },
      { type: 'selectRound', params: { roundId: '3' } },
      { type: 'openAsText', params: { agentId: 7 } },
      { type: 'rendered', params: { nodes: 1 } },
      { type: 'findSessions', params: { agentIds: 'a', hop: 'x' } },
      { type: 'findSessions', params: { agentIds: [1], hop: 'x' } },
      { type: 'compareWith', params: { roundId: '3' } },
    ],
  ],
  'metrics host→webview': [
    isMetricsHostMessage,
    [
      { type: 'load', params: { title: 't', metrics: [], httpServer: [{}], agentId: 'a' } },
      { type: 'error', params: { message: 'm' } },
    ],
    [
      { type: 'load', params: { title: 't', metrics: {} } },
      { type: 'load', params: { title: 't', metrics: [], httpServer: [1] } },
      { type: 'load', params: { metrics: [] } },
    ],
  ],
  'metrics webview→host': [
    isMetricsPanelMessage,
    [
      { type: 'openPathTrace', params: { agentId: 'a', roundId: 1 } },
      { type: 'rendered', params: { charts: [{ id: 'loss', series: 2, points: 10 }] } },
      { type: 'findSessions', params: { agentId: 'a', roundId: 1 } },
      { type: 'comparePrevious', params: { on: true } },
    ],
    [
      { type: 'openPathTrace', params: { agentId: 'a' } },
      { type: 'rendered', params: { charts: [{ id: 'loss' }] } },
      null,
      'ready',
      { params: {} },
      { type: 'comparePrevious', params: { on: 'yes' } },
    ],
  ],
  'instant host→webview': [
    isInstantHostMessage,
    [
      { type: 'load', params: { view: { testId: 1, rows: [] } } },
      { type: 'error', params: { message: 'm' } },
    ],
    [
      { type: 'load', params: { view: { testId: 1 } } },
      { type: 'load', params: { view: [] } },
      { type: 'error', params: {} },
    ],
  ],
  'instant webview→host': [
    isInstantPanelMessage,
    [
      { type: 'openMetrics', params: { testId: 4 } },
      { type: 'openPath', params: { testId: 4, agentId: 'a' } },
      { type: 'openText', params: { testId: 4 } },
      { type: 'openJson', params: { testId: 4 } },
      { type: 'loaded', params: { testId: 4, rows: 2 } },
    ],
    [
      { type: 'openMetrics', params: { testId: '4' } },
      { type: 'openPath', params: { testId: 4, agentId: 7 } },
      { type: 'openJson', params: {} },
      { type: 'openMetrics', params: { testId: Number.NaN } },
      { type: 'loaded', params: { testId: 4 } },
    ],
  ],
  'agent host→webview': [
    isAgentHostMessage,
    [
      { type: 'load', params: { card: { sections: [] }, canOpenJson: true } },
      { type: 'error', params: { message: 'm' } },
    ],
    [
      { type: 'load', params: { card: { sections: [] } } },
      { type: 'load', params: { card: 'x', canOpenJson: false } },
    ],
  ],
  'agent webview→host': [
    isAgentPanelMessage,
    [
      { type: 'filterByAgent', params: { agentId: 'a' } },
      { type: 'openJson', params: { agentId: 'a' } },
      { type: 'loaded', params: { agentId: 'a' } },
    ],
    [{ type: 'filterByAgent', params: { agentId: 1 } }, { type: 'openJson', params: {} }, { type: 'filterByAgent' }],
  ],
  'compare host→webview': [
    isCompareHostMessage,
    [
      { type: 'load', params: { comparison: { a: {}, b: {}, segments: [] } } },
      { type: 'load', params: { comparison: { a: {}, b: {}, segments: [] }, matchedOn: 'best' } },
    ],
    [
      { type: 'load', params: { comparison: { a: {}, segments: [] } } },
      { type: 'load', params: { comparison: { a: {}, b: {}, segments: [] }, matchedOn: 3 } },
    ],
  ],
  'compare webview→host': [
    isComparePanelMessage,
    [
      { type: 'loaded', params: { a: 'x', b: 'y' } },
      { type: 'openSession', params: { userSessionId: 'x' } },
      { type: 'exportEvidence', params: undefined },
    ],
    [
      { type: 'loaded', params: { a: 'x' } },
      { type: 'openSession', params: { userSessionId: 7 } },
      { type: 'openCommand', params: {} },
      { type: 'exportEvidence', params: { to: 'x' } },
    ],
  ],
  'HAR diff host→webview': [
    isHarDiffHostMessage,
    [
      {
        type: 'load',
        params: {
          diff: { before: {}, after: {}, rows: [], counts: {}, total: {} },
          names: { before: 'a.har', after: 'b.har' },
        },
      },
      { type: 'error', params: { message: 'm' } },
    ],
    [
      {
        type: 'load',
        params: {
          diff: { before: {}, after: {}, rows: {}, counts: {}, total: {} },
          names: { before: 'a', after: 'b' },
        },
      },
      {
        type: 'load',
        params: { diff: { before: {}, after: {}, rows: [], counts: {}, total: {} }, names: { before: 'a' } },
      },
      { type: 'error', params: {} },
    ],
  ],
  'HAR diff webview→host': [
    isHarDiffPanelMessage,
    [
      { type: 'loaded', params: { before: 'a', after: 'b', rows: 3, first: 'GET x' } },
      { type: 'loaded', params: { before: 'a', after: 'b', rows: 0, first: null } },
      { type: 'swap', params: undefined },
      { type: 'copyText', params: undefined },
      { type: 'exportEvidence', params: undefined },
    ],
    [
      { type: 'loaded', params: { before: 'a', after: 'b', rows: '3', first: null } },
      { type: 'swap', params: { to: 'x' } },
      { type: 'open', params: {} },
    ],
  ],
  'timeline host→webview': [
    isTimelineHostMessage,
    [
      {
        type: 'load',
        params: { timeline: { lanes: {}, verdict: {}, range: {} }, rangeLabel: 'last 24h', preset: '24h' },
      },
      { type: 'progress', params: { text: 'Loading' } },
      { type: 'load', params: { timeline: { lanes: {}, verdict: {}, range: {} }, rangeLabel: '', preset: 'around' } },
      { type: 'error', params: { message: 'm' } },
    ],
    [
      { type: 'load', params: { timeline: { lanes: {} }, rangeLabel: '', preset: '24h' } },
      { type: 'load', params: { timeline: { lanes: {}, verdict: {}, range: {} }, rangeLabel: '', preset: '2d' } },
      { type: 'progress', params: {} },
    ],
  ],
  'timeline webview→host': [
    isTimelinePanelMessage,
    [
      { type: 'setRange', params: { preset: '7d' } },
      { type: 'setRange', params: { preset: 'yesterday' } },
      { type: 'setRange', params: { preset: 'custom' } },
      { type: 'openSession', params: { userSessionId: 's' } },
      { type: 'openPage', params: { userSessionId: 's', pageId: 'p' } },
      { type: 'openProbe', params: { networkProbeId: 'n' } },
      { type: 'retryGap', params: { list: 'webSessions' } },
      { type: 'copyText', params: undefined },
      { type: 'exportEvidence', params: undefined },
      {
        type: 'rendered',
        params: {
          agentId: 'a',
          complete: true,
          periods: 1,
          sessions: 2,
          pages: 3,
          networkLanes: 1,
          probeLanes: 1,
          events: 0,
          gaps: 0,
        },
      },
    ],
    [
      { type: 'setRange', params: { preset: 'forever' } },
      { type: 'openSession', params: { userSessionId: 1 } },
      { type: 'openPage', params: { userSessionId: 's' } },
      { type: 'retryGap', params: { list: 'agents' } },
      { type: 'rendered', params: { agentId: 'a', complete: 'yes' } },
      { type: 'openCommand', params: { command: 'x' } },
    ],
  ],
};

describe('webview message guards', () => {
  for (const [name, [guard, accepted, rejected]] of Object.entries(CASES)) {
    test(`${name}: well-formed messages pass, malformed params are dropped`, () => {
      for (const message of accepted) assert.equal(guard(message), true, JSON.stringify(message));
      for (const message of rejected) assert.equal(guard(message), false, JSON.stringify(message));
    });
  }
});
