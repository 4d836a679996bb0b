// Entry of the instant-results webview: says `ready`, draws each `load`, and asks the host to
// open metrics, path traces, the text table or the raw JSON.
import { el } from '../shared/dom';
import { drawSafely } from '../shared/draw-safely';
import { hostApi } from '../shared/ipc';
import { adoptStyles } from '../shared/sheet';
import { isInstantHostMessage, type InstantPanelMessage } from './protocol';
import { renderResults } from './render';
import { INSTANT_CSS } from './styles';

const host = hostApi<InstantPanelMessage>();
adoptStyles(INSTANT_CSS);
const root = el('div', {}, el('p', { class: 'ins-muted', role: 'status' }, 'Waiting for results…'));
document.body.append(root);

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = event.data;
  if (!isInstantHostMessage(message)) return;
  if (message.type === 'error') {
    root.replaceChildren(el('p', { class: 'ins-error', role: 'alert' }, message.params.message));
    return;
  }
  const { view } = message.params;
  drawSafely(host, () => {
    const testId = view.testId;
    root.replaceChildren(
      renderResults(view, {
        openMetrics: (link) => host.postMessage({ type: 'openMetrics', params: link }),
        openPath: (link) => host.postMessage({ type: 'openPath', params: link }),
        openText: () => host.postMessage({ type: 'openText', params: { testId } }),
        openJson: () => host.postMessage({ type: 'openJson', params: { testId } }),
        cancel: () => host.postMessage({ type: 'cancel', params: { testId } }),
      }),
    );
    // A run that is waited for (enterprise) also says how many agents are still silent, and whether the wait goes on.
    const wait =
      typeof view.running === 'boolean'
        ? { waiting: Array.isArray(view.waiting) ? view.waiting.length : 0, running: view.running }
        : {};
    host.postMessage({ type: 'loaded', params: { testId, rows: view.rows.length, ...wait } });
  });
});

host.postMessage({ type: 'ready', params: undefined });
