// Any .har file (exported from Chrome, Firefox or this extension) opens as the waterfall.
// Read-only: the file is read when opened and again when it changes on disk.
import * as vscode from 'vscode';
import { isHarPanelMessage, type HarHostMessage, type HarPanelMessage } from '../../../webview/har/protocol';
import type { PanelHost } from '../panels/panel-host';
import { openHttpUrl } from '../panels/session-panels';
import { hostFor, type PanelServices } from '../panels/services';

export const HAR_EDITOR_VIEW_TYPE = 'netmon.harViewer';

class HarFile implements vscode.CustomDocument {
  constructor(readonly uri: vscode.Uri) {}
  dispose(): void { /* nothing held: the content lives in the webview */ }
}

type Host = PanelHost<HarHostMessage, HarPanelMessage>;

export class HarEditorProvider implements vscode.CustomReadonlyEditorProvider<HarFile> {
  constructor(private readonly services: PanelServices) {}

  openCustomDocument(uri: vscode.Uri): HarFile {
    return new HarFile(uri);
  }

  async resolveCustomEditor(document: HarFile, panel: vscode.WebviewPanel): Promise<void> {
    panel.title = fileName(document.uri); // the tab's label; VS Code starts with the whole path
    const host = hostFor<HarHostMessage, HarPanelMessage>(this.services, panel, {
      kind: 'har-file', key: `har-file:${document.uri.toString()}`, bundle: 'har', isPanelMessage: isHarPanelMessage, renderedType: 'loaded',
    }, undefined);
    host.onMessage((message) => {
      if (message.type === 'openExternal') void openHttpUrl(message.params.url);
    });
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.joinPath(document.uri, '..'), fileName(document.uri)));
    host.onDidDispose(() => watcher.dispose());
    watcher.onDidChange(() => void this.load(host, document.uri));
    await this.load(host, document.uri);
  }

  private async load(host: Host, uri: vscode.Uri): Promise<void> {
    const name = fileName(uri);
    try {
      const bytes = await vscode.workspace.fs.readFile(uri);
      const har: unknown = JSON.parse(new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, ''));
      host.show({ type: 'load', params: { har, title: name } });
    } catch (error) {
      const reason = error instanceof SyntaxError ? `it is not valid JSON (${error.message})` : error instanceof Error ? error.message : String(error);
      host.fail(`${name} cannot be shown as a waterfall: ${reason}. Reopen it with the text editor ("Reopen Editor With…") to inspect it.`);
    }
  }
}

function fileName(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}

export function registerHarEditor(context: vscode.ExtensionContext, services: PanelServices): void {
  context.subscriptions.push(vscode.window.registerCustomEditorProvider(HAR_EDITOR_VIEW_TYPE, new HarEditorProvider(services), {
    // Hidden editors reload and say `ready` again; the host replays the last load.
    supportsMultipleEditorsPerDocument: true,
  }));
}
