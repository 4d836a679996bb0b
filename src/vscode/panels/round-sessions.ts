// From a round back to people: the user sessions of some agents around a round (a hop's agents
// in the path panel, a point's agent in the metrics panel), picked from a list that says what
// it matched, then opened in the session overview.
import * as vscode from 'vscode';
import { roundSessionsQuery } from '../../analysis/links/session-to-test';
import { userSessionSummary } from '../../analysis/records/summaries';
import { withCancellableProgress } from '../progress';
import { showInfo } from '../ui/notify';
import type { PanelServices } from './services';
import { COMMAND } from '../command-ids.generated';

/** Sessions offered at most. */
const MAX_SESSIONS = 200;

/** `relation`: how the agents were chosen, for the list's title ('through 10.0.0.1'). */
export async function pickSessionsAroundRound(
  services: PanelServices,
  agentIds: readonly string[],
  roundId: number,
  relation: string,
): Promise<void> {
  const client = services.connection.requireClient();
  const query = roundSessionsQuery(roundId, agentIds.length, relation);
  const { records } = await withCancellableProgress(`Finding ${query.description}`, (signal) =>
    client
      .userSessions({
        from: query.from,
        to: query.to,
        filters: [{ key: 'agentId', values: [...agentIds] }],
        signal,
      })
      .collect({ maxRecords: MAX_SESSIONS }),
  );
  if (records.length === 0) {
    void showInfo(`No user sessions: ${query.description}.`);
    return;
  }
  const names = client.agentDirectory();
  const items = records.map((session) => {
    const summary = userSessionSummary(session, undefined, (id) => names.nameOf(id));
    return {
      label: summary.label,
      description: summary.description,
      detail: names.label(session.agentId),
      userSessionId: session.userSessionId,
    };
  });
  const picked = await services.prompts.choose(items, {
    title: `${records.length} ${query.description}`,
    placeHolder: 'Open a session',
  });
  if (picked) await vscode.commands.executeCommand(COMMAND.openSessionOverview, picked.userSessionId);
}
