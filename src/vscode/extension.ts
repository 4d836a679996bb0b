import * as vscode from 'vscode';

export function activate(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('Netmon', { log: true });
  context.subscriptions.push(
    log,
    vscode.commands.registerCommand('netmon.showLog', () => log.show(true)),
  );
}

export function deactivate(): void {}
