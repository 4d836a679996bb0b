// Pages read apart, each with its own HAR (a web transaction's round, one HAR per page), as one
// HAR whose pages the waterfall's page picker lists in order. Each page's id is prefixed with its
// HAR's position (two HARs may both call their page `page_0`); an entry goes with its page, and
// an entry naming no page of its HAR goes with that HAR's first page. HARs come from the
// service: whatever is not an array where an array belongs is read as empty.
import type { Har, HarEntry, HarPage } from '../../api/types';

export interface MergedPages {
  har: Har;
  /** The id each HAR's first page has in the merged HAR (undefined: that HAR had no page). */
  firstPageIds: (string | undefined)[];
}

const listOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

export function mergeHarPages(hars: readonly Har[]): MergedPages {
  const pages: HarPage[] = [];
  const entries: HarEntry[] = [];
  const firstPageIds: (string | undefined)[] = [];
  hars.forEach((har, position) => {
    const log =
      typeof har === 'object' && har !== null && typeof har.log === 'object' && har.log !== null ? har.log : undefined;
    const own = listOf<HarPage>(log?.pages).filter((page) => typeof page === 'object' && page !== null);
    const renamed = new Map(own.map((page) => [String(page.id), `${position + 1}:${String(page.id)}`]));
    const first = own[0] === undefined ? undefined : renamed.get(String(own[0].id));
    firstPageIds.push(first);
    for (const page of own) pages.push({ ...page, id: renamed.get(String(page.id)) ?? '' });
    for (const entry of listOf<HarEntry>(log?.entries)) {
      if (typeof entry !== 'object' || entry === null) continue;
      const pageref = renamed.get(String(entry.pageref)) ?? first;
      entries.push(pageref === undefined ? entry : { ...entry, pageref });
    }
  });
  const creator = hars[0]?.log?.creator ?? { name: 'netmon', version: '1' };
  return { har: { log: { version: '1.2', creator, pages, entries } }, firstPageIds };
}
