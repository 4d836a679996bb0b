// What explain_session and session_path both read beside the session itself: the agents' names,
// the agent's context (its normal toward the site, the network changes around the session) and the
// scheduled tests toward the same site. A read that fails leaves its part out, never the answer.
import type { SessionContext } from '../analysis/session';
import { relatedTests, type RelatedTests } from '../analysis/session/related';
import { sessionNeighbourContext } from '../analysis/timeline';
import type { UserSessionDetail } from '../api/types';
import type { ToolContext } from './types';

export interface SessionSurroundings {
  names: Readonly<Record<string, string>>;
  context: SessionContext | undefined;
  related: RelatedTests;
}

export async function readSurroundings(ctx: ToolContext, session: UserSessionDetail): Promise<SessionSurroundings> {
  const { client } = ctx.account;
  const [names, context, related] = await Promise.all([
    client
      .agentDirectory()
      .ready(ctx.signal)
      .then(
        (d) => d.names(),
        () => ({}) as Record<string, string>,
      ),
    sessionNeighbourContext(client, session, ctx.signal).catch(() => undefined),
    relatedTests(client, session, ctx.signal).catch((error: unknown) => ({
      links: [],
      why: `the scheduled tests could not be read (${error instanceof Error ? error.message : String(error)})`,
    })),
  ]);
  return { names, context, related };
}
