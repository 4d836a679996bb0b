// Entry of the HAR waterfall webview. In VS Code it says `ready` and waits for `load`;
// in the offline report the HAR is embedded as JSON in #har-data and drawn at once.
import { hostApi } from '../shared/ipc';
import { drawSafely } from '../shared/draw-safely';
import { adoptStyles } from '../shared/sheet';
import { isSafeLink } from '../shared/dom';
import { HarApp, type SavedState } from './app';
import { isHarHostMessage, type HarPanelMessage, type LoadParams } from './protocol';
import { HAR_CSS } from './styles';

const host = hostApi<HarPanelMessage>();
adoptStyles(HAR_CSS);

const root = document.createElement('div');
document.body.append(root);
const embedded = document.getElementById('har-data');
if (embedded) document.documentElement.classList.add('har-standalone');
const saved = host.getState();

const app = new HarApp(
  root,
  {
    loaded: (info) => host.postMessage({ type: 'loaded', params: info }),
    openExternal: (url) => {
      if (!isSafeLink(url)) return;
      if (embedded) window.open(url, '_blank', 'noopener,noreferrer');
      else host.postMessage({ type: 'openExternal', params: { url } });
    },
    saveState: (state) => host.setState(state),
    // The offline report has no editor to open a body in.
    ...(embedded
      ? {}
      : {
          openBody: (index: number) => host.postMessage({ type: 'openBody', params: { index } }),
          previewExport: () => host.postMessage({ type: 'previewExport', params: undefined }),
          exportHar: (redacted: boolean) => host.postMessage({ type: 'exportHar', params: { redacted } }),
        }),
  },
  typeof saved === 'object' && saved !== null ? (saved as Partial<SavedState>) : undefined,
);

if (embedded) {
  // The standalone report has no host: listening would let any opener or parent frame
  // replace the HAR the reader is looking at.
  drawSafely(host, () => app.load(JSON.parse(embedded.textContent ?? '{}') as LoadParams));
} else {
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    const message = event.data;
    if (!isHarHostMessage(message)) return;
    if (message.type === 'load') drawSafely(host, () => app.load(parsedLoad(message.params)));
    else if (message.type === 'exportPreview') drawSafely(host, () => app.showExportPreview(message.params.preview));
    else drawSafely(host, () => app.showPage(message.params.pageId));
  });
}
host.postMessage({ type: 'ready', params: undefined });

/** The .har editor sends the file's JSON text as bytes (see LoadParams): parsed here, off the extension host. */
function parsedLoad(params: LoadParams): LoadParams {
  if (!ArrayBuffer.isView(params.har)) return params;
  return { ...params, har: JSON.parse(new TextDecoder('utf-8').decode(params.har)) as unknown };
}
