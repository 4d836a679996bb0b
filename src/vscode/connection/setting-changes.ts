// VS Code also sends configuration events that change no value of ours (a settings file
// written as it was, defaults re-registered at start-up). Each reconnect or tree reload they
// caused dropped the tree's rows under the user's pointer and sent every list request again.
import * as vscode from 'vscode';

/**
 * Calls `apply` when a configuration event touches `section` and `read()` now answers
 * something else than the last time (compared as JSON).
 */
export function onSettingChanged<T>(section: string, read: () => T, apply: (value: T) => void): vscode.Disposable {
  let last = JSON.stringify(read());
  return vscode.workspace.onDidChangeConfiguration((event) => {
    if (!event.affectsConfiguration(section)) return;
    const value = read();
    const now = JSON.stringify(value);
    if (now === last) return;
    last = now;
    apply(value);
  });
}
