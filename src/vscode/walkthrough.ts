// The commands behind the "Get started with Netmon" walkthrough's buttons. Each does its
// step in one click, in demo mode when no account is connected, through the same commands
// the view and the editor use.
import * as vscode from 'vscode';
import { registerCommands, reporting } from './command-util';
import type { ConnectionManager } from './connection/connection-manager';
import { COMMAND } from './command-ids.generated';

export const WALKTHROUGH_COMMANDS = {
  explore: COMMAND.walkthroughExplore,
  openSession: COMMAND.walkthroughOpenSession,
} as const;

export function registerWalkthrough(context: vscode.ExtensionContext, connection: ConnectionManager): void {
  registerCommands(context, {
    [WALKTHROUGH_COMMANDS.explore]: () =>
      reporting('Opening the Netmon view', async () => {
        await ensureConnected(connection);
        await vscode.commands.executeCommand('netmon.explorer.focus');
      }),
    [WALKTHROUGH_COMMANDS.openSession]: () =>
      reporting('Opening a session', async () => {
        await ensureConnected(connection);
        const client = connection.requireClient();
        const { records } = await client.userSessions({ window: '1d' }).collect({ maxRecords: 25 });
        for (const session of records) {
          const page = (await client.getUserSession(session.userSessionId)).pages?.[0];
          if (!page) continue;
          await vscode.commands.executeCommand(COMMAND.openSessionOverview, session.userSessionId);
          return vscode.commands.executeCommand<string | undefined>(
            COMMAND.openPageWaterfall,
            session.userSessionId,
            page.id,
            page.title,
          );
        }
        throw new Error('No user session with pages in the last day: widen the time range in the Netmon view');
      }),
  });
}

async function ensureConnected(connection: ConnectionManager): Promise<void> {
  if (!connection.current) await vscode.commands.executeCommand(COMMAND.useDemo);
  if (!connection.current) throw new Error('Not connected: sign in, or use the demo account');
}
