// The one way Netmon shows a quick pick: labels, descriptions and details are neutralised
// (a quick pick renders `$(icon)` syntax, and items carry site names, test names and
// account group names from the API). The item's own data fields pass through untouched.
import * as vscode from 'vscode';
import { untrustedLine } from '../../analysis/text/untrusted';

export function pick<T extends vscode.QuickPickItem>(
  items: readonly T[],
  options: vscode.QuickPickOptions & { canPickMany: true },
): Thenable<T[] | undefined>;
export function pick<T extends vscode.QuickPickItem>(
  items: readonly T[],
  options?: vscode.QuickPickOptions,
): Thenable<T | undefined>;
export function pick<T extends vscode.QuickPickItem>(
  items: readonly T[],
  options?: vscode.QuickPickOptions,
): Thenable<T | T[] | undefined> {
  const shown = items.map((item) => ({
    ...item,
    label: untrustedLine(item.label),
    description: item.description === undefined ? undefined : untrustedLine(item.description),
    detail: item.detail === undefined ? undefined : untrustedLine(item.detail, 400),
  }));
  // Map the shown copies back to the caller's items, so their extra fields stay the caller's.
  const original = new Map<vscode.QuickPickItem, T>(shown.map((item, index) => [item, items[index] as T]));
  const back = (item: vscode.QuickPickItem): T => original.get(item) as T;
  return vscode.window.showQuickPick(shown, options).then((picked) => {
    if (picked === undefined) return undefined;
    return Array.isArray(picked) ? picked.map(back) : back(picked as vscode.QuickPickItem);
  });
}

/** Plain strings (our own fixed choices or values seen in the data), neutralised like items. */
export async function pickText(
  values: readonly string[],
  options: vscode.QuickPickOptions & { canPickMany: true },
): Promise<string[] | undefined>;
export async function pickText(
  values: readonly string[],
  options?: vscode.QuickPickOptions,
): Promise<string | undefined>;
export async function pickText(
  values: readonly string[],
  options?: vscode.QuickPickOptions,
): Promise<string | string[] | undefined> {
  const items = values.map((value) => ({ label: value, value }));
  const picked = (await pick(items, options ?? {})) as { value: string } | { value: string }[] | undefined;
  if (picked === undefined) return undefined;
  return Array.isArray(picked) ? picked.map((item) => item.value) : picked.value;
}

/**
 * A quick pick whose items come from `search` as the user types (a large list searched by
 * our own index instead of VS Code's label filter): every keystroke shows the best matches,
 * neutralised like every quick pick.
 */
export function searchPick<T extends vscode.QuickPickItem>(options: {
  title: string;
  placeHolder: string;
  search: (query: string) => readonly T[];
}): Promise<T | undefined> {
  return new Promise((resolve) => {
    const quickPick = vscode.window.createQuickPick<vscode.QuickPickItem & { item: T }>();
    quickPick.title = options.title;
    quickPick.placeholder = options.placeHolder;
    quickPick.ignoreFocusOut = true;
    const show = (query: string): void => {
      quickPick.items = options.search(query).map((item) => ({
        item,
        alwaysShow: true,
        label: untrustedLine(item.label),
        description: item.description === undefined ? undefined : untrustedLine(item.description),
        detail: item.detail === undefined ? undefined : untrustedLine(item.detail, 400),
      }));
    };
    let picked: T | undefined;
    quickPick.onDidChangeValue(show);
    // Enter right after the items were replaced can come before VS Code selects the active item.
    quickPick.onDidAccept(() => {
      picked = (quickPick.selectedItems[0] ?? quickPick.activeItems[0])?.item;
      quickPick.hide();
    });
    quickPick.onDidHide(() => {
      quickPick.dispose();
      resolve(picked);
    });
    show('');
    quickPick.show();
  });
}
