// The HARs of a session's pages, read for its evidence (the panel's Export Evidence and
// `netmon evidence session` alike): at most EVIDENCE_LIMITS.maxHars, four at a time; a
// page that cannot be read becomes a line of what was left out, not a failed bundle.
import type { Har, UserSessionDetail } from '../../api/types';
import { forEachAtMost } from '../pool';
import type { HarPageInput } from './har-pages';
import { EVIDENCE_LIMITS } from './model';

export interface PageHarClient {
  getPageDetails(userSessionId: string, pageId: string, options?: { signal?: AbortSignal }): Promise<Har>;
}

export async function readSessionPages(
  client: PageHarClient,
  session: UserSessionDetail,
  signal?: AbortSignal,
): Promise<{ pages: HarPageInput[]; failed: string[] }> {
  const id = String(session.userSessionId);
  const listed = (Array.isArray(session.pages) ? session.pages : []).slice(0, EVIDENCE_LIMITS.maxHars);
  const pages: (HarPageInput | undefined)[] = new Array<HarPageInput | undefined>(listed.length);
  const failed: string[] = [];
  await forEachAtMost(listed, 4, async (page, index) => {
    try {
      pages[index] = {
        pageId: String(page.id),
        title: String(page.title ?? page.id),
        har: await client.getPageDetails(id, String(page.id), signal ? { signal } : {}),
      };
    } catch (error) {
      if (signal?.aborted) throw error;
      failed.push(
        `The HAR of page ${index + 1} could not be read: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  });
  return { pages: pages.filter((p): p is HarPageInput => p !== undefined), failed };
}
