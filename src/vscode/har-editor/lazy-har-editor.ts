// The .har editor's registration, in dist/extension.js: VS Code activates the extension to
// open a .har file and looks for the provider right then, but the provider itself (the
// reader, the panel host) lives in dist/features-lib.js and is loaded on this first use.
import * as vscode from 'vscode';

export const HAR_EDITOR_VIEW_TYPE = 'netmon.harViewer';

type HarEditor = vscode.CustomReadonlyEditorProvider<vscode.CustomDocument>;

export function registerLazyHarEditor(context: vscode.ExtensionContext, editor: () => HarEditor): void {
  const provider: HarEditor = {
    openCustomDocument: (uri, openContext, token) => editor().openCustomDocument(uri, openContext, token),
    resolveCustomEditor: (document, panel, token) => editor().resolveCustomEditor(document, panel, token),
  };
  context.subscriptions.push(
    vscode.window.registerCustomEditorProvider(HAR_EDITOR_VIEW_TYPE, provider, {
      // Hidden editors reload and say `ready` again; the host replays the last load.
      supportsMultipleEditorsPerDocument: true,
    }),
  );
}
