// The first start in demo mode (what `npm start` gives a newcomer) shows where to begin: the
// Netmon view and the "Get started" walkthrough, once. A plain Explorer said nothing about
// what the extension is for. Remembered in global state, so a reload or a later start does
// not take the editor away again.
import * as vscode from 'vscode';
import { readSettings } from './connection/settings';

export const FIRST_RUN_KEY = 'netmon.firstRunWelcomeShown';
/** `<publisher>.<name>#<walkthrough id>`, as package.json declares them. */
export const WALKTHROUGH_ID = 'netmon.netmon-workbench#netmon.getStarted';

/**
 * Opens the view and the walkthrough when this is the first start in demo mode of an
 * installed extension. A development host (the test suites, F5) is not a newcomer's start:
 * every suite would find the walkthrough over its editors.
 */
export async function welcomeOnFirstRun(
  context: vscode.ExtensionContext,
  log: (message: string) => void,
): Promise<boolean> {
  if (context.extensionMode !== vscode.ExtensionMode.Production) return false;
  if (context.globalState.get<boolean>(FIRST_RUN_KEY) === true || !readSettings().startInDemoMode) return false;
  // Remembered before opening: a failure to open must not make every later start try again.
  await context.globalState.update(FIRST_RUN_KEY, true);
  try {
    await vscode.commands.executeCommand('netmon.explorer.focus');
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', { category: WALKTHROUGH_ID }, false);
    log('First start in demo mode: opened the Netmon view and the Get started walkthrough (once).');
    return true;
  } catch (error) {
    log(
      'First start in demo mode: could not open the walkthrough ' +
        `(${error instanceof Error ? error.message : String(error)}).`,
    );
    return false;
  }
}
