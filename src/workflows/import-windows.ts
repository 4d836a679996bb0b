// Importing the account's suppression windows as documents (`netmon import --windows <folder>`),
// as import-rules.ts imports rules: one `*.netmon-alert-suppression-window.json` per deployed
// window, its tests by name; importing again writes nothing; a file there with other text, and a
// window some document of the folder already describes (its windowId), are left alone.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  deployedWindows,
  importedWindowDocument,
  listDeployedTests,
  parseSuppressionWindow,
  SUPPRESSION_WINDOW_SUFFIX,
  testNames,
} from '../documents';
import { writeFileSafely } from '../files/safe-write';
import type { Account } from './account';
import { inputError } from './input-error';

export const IMPORT_WINDOWS_NEED_V7 =
  'Suppression windows need the v7 API, and this account speaks v6: nothing was imported.';

export interface WindowImportResult {
  written: string[];
  unchanged: string[];
  leftAlone: { windowId: string; name: string; reason: string }[];
  needsV7?: string;
}

export async function importWindows(account: Account, folder: string): Promise<WindowImportResult> {
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw inputError('windows', `${folder} is not a folder`);
  const result: WindowImportResult = { written: [], unchanged: [], leftAlone: [] };
  if ((await account.client.apiVersion()) !== 'v7') return { ...result, needsV7: IMPORT_WINDOWS_NEED_V7 };
  const options = account.requestAid === undefined ? {} : { aid: account.requestAid };
  const tests = testNames(await listDeployedTests(account.client, account.requestAid));
  const described = describedWindows(folder);
  const windows = await deployedWindows(account.client, options);
  for (const window of [...windows].sort((a, b) => Number(a.windowId) - Number(b.windowId))) {
    const imported = importedWindowDocument(window, tests);
    const leftAlone = (reason: string) =>
      result.leftAlone.push({ windowId: window.windowId, name: window.name, reason });
    if ('problem' in imported) {
      leftAlone(imported.problem);
      continue;
    }
    const file = join(folder, imported.fileName);
    const other = described.get(window.windowId);
    if (other !== undefined && other !== file) leftAlone(`${other} describes it`);
    else if (!existsSync(file)) {
      writeFileSafely(file, imported.text);
      result.written.push(file);
    } else if (readFileSync(file, 'utf8') === imported.text) result.unchanged.push(file);
    else leftAlone(`${file} differs; not overwritten`);
  }
  return result;
}

/** The windows the folder's documents name by windowId (windowId → file). */
function describedWindows(folder: string): Map<string, string> {
  const described = new Map<string, string>();
  for (const name of readdirSync(folder).sort()) {
    if (!name.endsWith(SUPPRESSION_WINDOW_SUFFIX)) continue;
    const file = join(folder, name);
    const parsed = parseSuppressionWindow(readFileSync(file, 'utf8'));
    const windowId = parsed.ok ? parsed.document.window.windowId : undefined;
    if (windowId !== undefined && !described.has(windowId)) described.set(windowId, file);
  }
  return described;
}
