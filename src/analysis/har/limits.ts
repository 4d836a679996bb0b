// The largest HAR we read whole, in the editor and on the command line: the file is parsed
// in memory (and, in the editor and the offline report, again in a webview), which costs
// several times its size. Bytes alone do not bound that: 131 KB of gzip inflates to 45
// million empty entries in 135 MB, and each entry costs the reader and the waterfall
// hundreds of bytes however little text it takes. So what a HAR holds is counted too, while
// it is read (entry-count.ts), before anything is parsed. One set of limits and one message
// style for every reader.

export const HAR_SIZE_LIMIT_BYTES = 150 * 1024 * 1024;

/**
 * Entries of log.entries. A heavy real page has a few thousand. A real entry with its headers
 * takes ~1–2.5 KB (Chrome's, Firefox's, WebPageTest's in test/fixtures/har-real: 1.6–2.6 KB;
 * a lean one with three headers, 0.9 KB), so the 150 MB a HAR may be holds at most ~170,000:
 * recordings of 100,000 requests open. At the limit, reading and one page's insights take
 * seconds, not minutes, and the waterfall draws it in about ten seconds.
 */
export const HAR_ENTRY_LIMIT = 200_000;

/**
 * Pages of log.pages. A navigation brings dozens of requests or more: 1,000 pages of 75
 * entries of 2 KB is the whole 150 MB. Insights visit every entry once per page, so pages
 * times entries is what is bounded (1,000 pages of 200,000 entries: ~25 s for every page's
 * insights on a shared 2-core machine).
 */
export const HAR_PAGE_LIMIT = 1_000;

/**
 * JSON values anywhere in the file (each object, array, and each item or member after the
 * first: `{`, `[` and `,` outside strings), so entries hidden elsewhere (a root array, a
 * custom member, 45 million headers of one entry) are bounded too. Real HARs hold 30–65 per
 * KB (≤ 10 million in 150 MB); JSON.parse spends up to ~75 bytes on each, so the limit holds
 * parsing to well under a gigabyte.
 */
export const HAR_VALUE_LIMIT = 10_000_000;

/** What a HAR's text is counted for, and the limit of each. */
export interface HarCounts {
  entries: number;
  pages: number;
  values: number;
}
export type HarCounted = keyof HarCounts;
export const HAR_COUNT_LIMITS: Readonly<HarCounts> = {
  entries: HAR_ENTRY_LIMIT,
  pages: HAR_PAGE_LIMIT,
  values: HAR_VALUE_LIMIT,
};

const COUNTED_WORDS: Readonly<Record<HarCounted, string>> = {
  entries: 'entries',
  pages: 'pages',
  values: 'JSON values',
};

export function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "<name> is 200.0 MB, more than the limit of 150.0 MB for a HAR read whole" */
export function harTooLargeMessage(name: string, bytes: number, limit = HAR_SIZE_LIMIT_BYTES): string {
  return `${name} is ${megabytes(bytes)}, more than the limit of ${megabytes(limit)} for a HAR read whole`;
}

/** "<name> decompresses to more than the limit of 150.0 MB for a HAR read whole" */
export function harInflatesTooLargeMessage(name: string, limit = HAR_SIZE_LIMIT_BYTES): string {
  return `${name} decompresses to more than the limit of ${megabytes(limit)} for a HAR read whole`;
}

/** "<name> holds more than the limit of 200,000 entries for a HAR read whole" (the count stops there). */
export function harTooManyMessage(name: string, counted: HarCounted, limit = HAR_COUNT_LIMITS[counted]): string {
  return (
    `${name} holds more than the limit of ${limit.toLocaleString('en-US')} ` +
    `${COUNTED_WORDS[counted]} for a HAR read whole`
  );
}

/** A HAR refused for what it holds or its size: the message says which limit, and is meant for the user as it is. */
export class HarLimitError extends Error {
  override name = 'HarLimitError';
}

/** gzip's magic bytes: a .har.gz or .zhar is recognised by its content, not only its name. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** File names read as HARs: `.har`, and gzip-compressed `.har.gz` / `.zhar`. */
export const HAR_FILE_NAME = /\.(har|har\.gz|zhar)$/i;
