// Entry of the session overview webview: says `ready`, draws each `load`, and asks the
// host to open a page's waterfall when the user picks one.
import { sessionOverview } from '../../src/analysis/session';
import { el } from '../shared/dom';
import { drawSafely } from '../shared/draw-safely';
import { hostApi } from '../shared/ipc';
import { adoptStyles } from '../shared/sheet';
import { isSessionHostMessage, type SessionPanelMessage } from './protocol';
import { renderOverview } from './render';
import { SESSION_CSS } from './styles';

const host = hostApi<SessionPanelMessage>();
adoptStyles(SESSION_CSS);
const root = el('div', {}, el('p', { class: 'ses-muted', role: 'status' }, 'Loading session…'));
document.body.append(root);

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = event.data;
  if (!isSessionHostMessage(message)) return;
  if (message.type === 'error') {
    root.replaceChildren(el('p', { class: 'ses-error', role: 'alert' }, message.params.message));
    return;
  }
  const { session, related, split, agentName, context, agent } = message.params;
  drawSafely(host, () => {
    const view = sessionOverview(session, agentName, context ?? {}, agent);
    root.replaceChildren(
      renderOverview(
        view,
        {
          openPage: (pageId, title) =>
            host.postMessage({ type: 'openPage', params: { userSessionId: view.userSessionId, pageId, title } }),
          openPath: (link) => host.postMessage({ type: 'openPath', params: link }),
          openMetrics: (link) => host.postMessage({ type: 'openMetrics', params: link }),
          openTraceroute: () =>
            host.postMessage({ type: 'openTraceroute', params: { userSessionId: view.userSessionId } }),
          openTimeline: () => host.postMessage({ type: 'openTimeline', params: { userSessionId: view.userSessionId } }),
          compareWithBest: () =>
            host.postMessage({ type: 'compareWithBest', params: { userSessionId: view.userSessionId } }),
          exportEvidence: () =>
            host.postMessage({ type: 'exportEvidence', params: { userSessionId: view.userSessionId } }),
          shareForTicket: () =>
            host.postMessage({ type: 'shareForTicket', params: { userSessionId: view.userSessionId } }),
        },
        related,
        split,
      ),
    );
    host.postMessage({
      type: 'loaded',
      params: {
        userSessionId: view.userSessionId,
        ...(related ? { links: related.links.length } : {}),
        ...(split ? { split: String(split.line) } : {}),
        ...(split?.critical ? { critical: String(split.critical) } : {}),
      },
    });
  });
});

host.postMessage({ type: 'ready', params: undefined });
