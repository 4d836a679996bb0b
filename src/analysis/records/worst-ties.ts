// What hurt each session tied on score, read from its details a few at a time: the explorer's
// "Worst Sessions" and the find_worst_sessions tool rank ties with the same reads.
import type { UserSession, UserSessionDetail } from '../../api/types';
import { forEachAtMost } from '../pool';
import { sessionHurt, type SessionHurt } from './worst';

/** How many sessions "Worst Sessions" lists, and how many it reads at most to find them. */
export const WORST_COUNT = 10;
export const WORST_MAX_WALK = 20_000;

export interface SessionDetailClient {
  getUserSession(userSessionId: string, options?: { signal?: AbortSignal }): Promise<UserSessionDetail>;
}

/** What hurt each tied session; a failed read ranks it as hurting least. */
export async function hurtOfTies(
  client: SessionDetailClient,
  tied: readonly UserSession[],
  signal?: AbortSignal,
): Promise<Map<string, SessionHurt>> {
  const hurt = new Map<string, SessionHurt>();
  await forEachAtMost(
    tied,
    4,
    async (session) => {
      try {
        hurt.set(
          session.userSessionId,
          sessionHurt(await client.getUserSession(session.userSessionId, signal ? { signal } : {})),
        );
      } catch {
        // Left unmeasured: the ranking puts it after the measured ties.
      }
    },
    () => signal?.aborted === true,
  );
  return hurt;
}
