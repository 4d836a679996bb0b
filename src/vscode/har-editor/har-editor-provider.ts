// Any .har file (exported from Chrome, Firefox or this extension) opens as the waterfall.
// Read-only: the file is read when opened and again when it changes on disk, on a worker
// (har-off-thread.ts): the host's thread only moves its bytes, to the worker and, checked, to
// the webview, which parses them itself.
import * as vscode from 'vscode';
import { HAR_FILE_NAME, HAR_SIZE_LIMIT_BYTES, harTooLargeMessage } from '../../analysis/har/limits';
import { fileName, harReadFailure } from './read-har-file';
import { locateHarReadWorker, readHarOffThread, type HarText } from './har-off-thread';
import { isHarPanelMessage, type HarHostMessage, type HarPanelMessage } from '../../../webview/har/protocol';
import { openHttpUrl } from '../external-links';
import { answerHarMessage } from './har-messages';
import type { PanelHost } from '../panels/panel-host';
import { hostFor, type PanelServices } from '../panels/services';

/** Saves usually arrive as several change events; one reload after they settle. */
const RELOAD_DEBOUNCE_MS = 300;

class HarFile implements vscode.CustomDocument {
  constructor(readonly uri: vscode.Uri) {}
  dispose(): void {
    /* nothing held: the content lives in the webview */
  }
}

type Host = PanelHost<HarHostMessage, HarPanelMessage>;

export class HarEditorProvider implements vscode.CustomReadonlyEditorProvider<HarFile> {
  /** Replaceable by the extension-host suites (netmon.internal.setHarSizeLimit), to test without a 150 MB file. */
  sizeLimitBytes = HAR_SIZE_LIMIT_BYTES;
  /** The HAR each editor shows: its bodies and exports are read from it. */
  private readonly hars = new Map<string, HarText>();
  /** Each editor's latest read: an older one that answers later is dropped. */
  private readonly reads = new Map<string, number>();

  constructor(private readonly services: PanelServices) {}

  openCustomDocument(uri: vscode.Uri): HarFile {
    return new HarFile(uri);
  }

  async resolveCustomEditor(document: HarFile, panel: vscode.WebviewPanel): Promise<void> {
    panel.title = fileName(document.uri); // the tab's label; VS Code starts with the whole path
    const host = hostFor<HarHostMessage, HarPanelMessage>(
      this.services,
      panel,
      {
        kind: 'har-file',
        key: `har-file:${document.uri.toString()}`,
        bundle: 'har',
        isPanelMessage: isHarPanelMessage,
        renderedType: 'loaded',
      },
      undefined,
    );
    host.onMessage(async (message) => {
      if (message.type === 'openExternal') void openHttpUrl(message.params.url, 'the link of the HAR file');
      const har = this.hars.get(host.id);
      if (har !== undefined) await answerHarMessage(host, message, har, fileName(document.uri), this.services.prompts);
    });
    const closed = new AbortController();
    host.onDidDispose(() => {
      closed.abort(); // a read still running stops with its worker
      this.hars.delete(host.id);
      this.reads.delete(host.id);
    });
    const watcher = watchFile(document.uri, () => void this.load(host, document.uri, closed.signal));
    host.onDidDispose(() => watcher.dispose());
    await this.load(host, document.uri, closed.signal);
  }

  private async load(host: Host, uri: vscode.Uri, closed: AbortSignal): Promise<void> {
    const name = fileName(uri);
    const read = (this.reads.get(host.id) ?? 0) + 1;
    this.reads.set(host.id, read);
    try {
      const { size } = await vscode.workspace.fs.stat(uri);
      if (size > this.sizeLimitBytes) {
        host.fail(
          `${name} is not shown as a waterfall: ${harTooLargeMessage('it', size, this.sizeLimitBytes)}. ` +
            'Reopen it with the text editor ("Reopen Editor With…"), or export a single page.',
        );
        return;
      }
      const har = await readHarOffThread(uri, name, this.sizeLimitBytes, closed);
      if (har === undefined || this.reads.get(host.id) !== read) return;
      this.hars.set(host.id, har);
      // The text, not the parsed HAR: bytes cross to the webview as they are (see LoadParams).
      host.show({ type: 'load', params: { har: har.bytes, title: name } });
    } catch (error) {
      if (this.reads.get(host.id) !== read) return;
      const reason = harReadFailure(error);
      const next =
        HAR_FILE_NAME.test(name) && !/\.har$/i.test(name)
          ? 'Decompress it to inspect it.'
          : 'Reopen it with the text editor ("Reopen Editor With…") to inspect it, or export a single page.';
      host.fail(`${name} cannot be shown as a waterfall: ${reason}. ${next}`);
    }
  }
}

/**
 * Calls `onChange` (debounced) when `uri` changes or is replaced. The folder is watched and
 * events compared by URI: the file's name used as a glob would misread `[prod]` or `{a,b}`.
 */
function watchFile(uri: vscode.Uri, onChange: () => void): vscode.Disposable {
  // Creations too: editors that save by renaming a temporary file over it create it anew.
  const watcher = vscode.workspace.createFileSystemWatcher(
    new vscode.RelativePattern(vscode.Uri.joinPath(uri, '..'), '*'),
    false,
    false,
    true,
  );
  let timer: NodeJS.Timeout | undefined;
  const changed = (event: vscode.Uri): void => {
    if (event.toString() !== uri.toString()) return;
    clearTimeout(timer);
    timer = setTimeout(onChange, RELOAD_DEBOUNCE_MS);
  };
  const subscriptions = [watcher, watcher.onDidChange(changed), watcher.onDidCreate(changed)];
  return new vscode.Disposable(() => {
    clearTimeout(timer);
    for (const subscription of subscriptions) subscription.dispose();
  });
}

/** The .har editor's provider; dist/extension.js registers it (./lazy-har-editor.ts) and hands its calls over. */
export function createHarEditor(context: vscode.ExtensionContext, services: PanelServices): HarEditorProvider {
  locateHarReadWorker(context.extensionPath);
  const provider = new HarEditorProvider(services);
  // Like the panel registry's test commands: not contributed, absent in production.
  if (context.extensionMode === vscode.ExtensionMode.Production) return provider;
  context.subscriptions.push(
    vscode.commands.registerCommand('netmon.internal.setHarSizeLimit', (bytes: unknown) => {
      provider.sizeLimitBytes = typeof bytes === 'number' && bytes > 0 ? bytes : HAR_SIZE_LIMIT_BYTES;
    }),
  );
  return provider;
}
