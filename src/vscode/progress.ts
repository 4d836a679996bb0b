// Long work: a cancellable notification whose cancellation reaches the HTTP request.
import * as vscode from 'vscode';

export async function withCancellableProgress<T>(title: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (_progress, token) => {
    const controller = new AbortController();
    const subscription = token.onCancellationRequested(() => controller.abort());
    return work(controller.signal).finally(() => subscription.dispose());
  });
}
