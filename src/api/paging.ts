// Walks a paged list by following `pages.next` exactly as the server wrote it. A filtered
// list re-POSTs the same body to every `next`. A `next` that repeats a page already read
// (or leaves the base URL — its origin, which would leak credentials, or its path, which
// would send them to another application on the same host) stops the walk with an error,
// and so does a server that never stops linking new pages (WalkGuard: a page budget);
// `resumeUrl` tells where a failed walk can continue.
import { createHash } from 'node:crypto';
import { redactPath, withoutAuthQuery } from './auth';
import type { CollectOptions, CollectResult, Page, Paged, PagingPolicy } from './client';
import type { PageRules } from './dialect';
import { decodeRecord, type RecordProblem, type RecordShape } from './decode/records';
import { PageBudgetError, PagingLoopError, UnparseableResponseError } from './errors';
import type { HttpMethod } from './transport';

export type PagingLimits = Required<PagingPolicy>;

/**
 * The defaults of the client option `paging`, kept only here. 10,000 pages is a million records
 * at the service's 100 a page (1,000 a page for agents): the product's own walks stop far below
 * (20,000 records at most; one agent's 7 days of sessions, a few hundred pages), and a script
 * walking a day of a 10,000-agent account's sessions (~1M) still fits; past the organization's
 * rate limit (a few hundred requests a minute) such a walk takes most of an hour anyway. A
 * server that fills a page before linking the next (the emulator; the spec shows nothing else)
 * never sends empty pages in a row; 100 leaves room for one paging a sparse filter by time
 * slices, and costs a broken or hostile server 100 requests instead of 10,000.
 */
export const DEFAULT_PAGING: Readonly<PagingLimits> = { maxPages: 10_000, maxEmptyPagesInRow: 100 };

/** The client's `paging` option over the defaults, checked when the client is made. */
export function pagingLimits(policy: PagingPolicy = {}): PagingLimits {
  const limits = {
    maxPages: policy.maxPages ?? DEFAULT_PAGING.maxPages,
    maxEmptyPagesInRow: policy.maxEmptyPagesInRow ?? DEFAULT_PAGING.maxEmptyPagesInRow,
  };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value < 1)
      throw new RangeError(`paging.${name} must be a whole number of at least 1 (got ${String(value)})`);
  }
  return limits;
}

/**
 * The stops of one walk: a page already read, more pages than `maxPages`, or a run of empty
 * pages that still link onward. Pages read are remembered as fixed-size digests, never more
 * than `maxPages` of them: however long or endless a server's links, the walk's memory is
 * bounded, and every loop within the budget is still caught (a window of recent pages would
 * miss a long cycle).
 */
export class WalkGuard {
  private readonly visited = new Set<string>();
  private emptyInRow = 0;

  constructor(
    private readonly limits: PagingLimits,
    private readonly list: string,
    private readonly method: HttpMethod,
  ) {}

  /** Before `url` is requested: throws rather than read it twice or past the budget. */
  admit(url: URL): void {
    const key = createHash('sha256').update(url.toString()).digest('base64');
    const details = { method: this.method, path: redactPath(url) };
    if (this.visited.has(key)) throw new PagingLoopError(details, 'pages.next repeats a page already read');
    const pagesRead = this.visited.size;
    const stop = (summary: string): PageBudgetError =>
      new PageBudgetError({ ...details, list: this.list, pagesRead }, `${this.list}: ${summary}`);
    if (pagesRead >= this.limits.maxPages) {
      throw stop(
        `stopped after ${count(pagesRead)} pages, the most one walk reads (client option paging.maxPages); ` +
          'narrow the time range or filters, or raise paging.maxPages',
      );
    }
    if (this.emptyInRow >= this.limits.maxEmptyPagesInRow) {
      throw stop(
        `stopped after ${count(this.emptyInRow)} empty pages in a row that still linked a next page ` +
          `(${count(pagesRead)} pages read): the server's paging looks broken; narrow the time range, or raise ` +
          'paging.maxEmptyPagesInRow if this server pages so',
      );
    }
    this.visited.add(key);
  }

  /** After a page: how many records it held (undefined: not counted, as in XML) and its next link. */
  read(records: number | undefined, next: string | undefined): void {
    this.emptyInRow = records === 0 && next !== undefined ? this.emptyInRow + 1 : 0;
  }
}

const count = (n: number): string => n.toLocaleString('en-US');

export interface PageFetcher {
  (url: URL, method: HttpMethod, body: unknown): Promise<unknown>;
}

export interface PagedSource<TRecord> {
  /** Built lazily so that bad options surface when the walk starts, like any other error. */
  firstUrl: () => URL;
  method: HttpMethod;
  body?: unknown;
  /** The record array's property, e.g. `userSessions`, or a function for nested ones. */
  records: (response: Record<string, unknown>) => unknown;
  fetch: PageFetcher;
  /** The API's base URL: every `next` must stay below it (origin and path). */
  base: string;
  /** How the records read (the decoding boundary); absent: records pass as sent. */
  shape?: RecordShape;
  /** Checked before the first request (filter validation); throws to send nothing. */
  precheck?: () => void;
  /** Where the dialect writes its next link, and its page envelope. */
  rules: PageRules;
  /** The domain's name of the record array (`userSessions`). */
  list: string;
  /** How far the walk may go (the client's `paging` option). */
  limits: PagingLimits;
  /** Decoded wire record → domain record. */
  toDomain?: (record: Record<string, unknown>) => Record<string, unknown>;
  /** Phantom: the record type this source yields. */
  readonly recordType?: TRecord;
}

export class PagedWalk<TRecord, TResponse> implements Paged<TRecord, TResponse> {
  private position: string | undefined;
  /** Pages read by the latest walk (v7 pages carry no number of their own). */
  private current = 0;

  constructor(private readonly source: PagedSource<TRecord>) {}

  get resumeUrl(): string | undefined {
    return this.position;
  }

  async *pages(): AsyncIterableIterator<Page<TRecord, TResponse>> {
    const { source } = this;
    this.current = 0;
    source.precheck?.();
    const firstUrl = source.firstUrl();
    const guard = new WalkGuard(source.limits, source.list, source.method);
    let url: URL | undefined = withoutAuthQuery(firstUrl);
    while (url) {
      this.position = url.toString();
      guard.admit(url);
      const response = await source.fetch(url, source.method, source.body);
      const page = this.toPage(url, response);
      // Records left out as unreadable still make the page not empty.
      guard.read(page.records.length + page.problems.length, page.next);
      url = page.next === undefined ? undefined : new URL(page.next);
      this.position = page.next;
      yield page;
    }
  }

  async *[Symbol.asyncIterator](): AsyncIterator<TRecord> {
    for await (const page of this.pages()) yield* page.records;
  }

  collect(options: CollectOptions = {}): Promise<CollectResult<TRecord>> {
    return collectPages(this.pages(), options);
  }

  private toPage(url: URL, response: unknown): Page<TRecord, TResponse> {
    const context = { method: this.source.method, path: redactPath(url), status: 200 };
    if (!isRecord(response))
      throw new UnparseableResponseError({ ...context, errorMessage: 'response is not an object' });
    const raw = this.source.records(response);
    if (!Array.isArray(raw))
      throw new UnparseableResponseError({ ...context, errorMessage: 'response has no record array' });
    const { records, problems } = this.decode(raw, context.path);
    const { rules, toDomain } = this.source;
    const rawNext = rules.nextOf(response);
    const next =
      rawNext === undefined ? undefined : followNext(rawNext, url, this.source.base, this.source.method).toString();
    // The server may echo an authToken into next; callers (and logs of responses) never see it.
    rules.setNext(response, next);
    const domain = toDomain ? records.map((record) => toDomain(record as Record<string, unknown>)) : records;
    this.current += 1;
    // v6 pages number themselves; v7 pages do not, so they count from the walk's start.
    const stated =
      isRecord(response['pages']) && typeof response['pages']['current'] === 'number'
        ? response['pages']['current']
        : undefined;
    return {
      records: domain as TRecord[],
      response: rules.envelope(response, this.source.list, domain, next) as TResponse,
      url: url.toString(),
      current: stated ?? this.current,
      next,
      problems,
    };
  }

  private decode(raw: readonly unknown[], endpoint: string): { records: unknown[]; problems: RecordProblem[] } {
    const shape = this.source.shape;
    if (!shape) return { records: [...raw], problems: [] };
    const records: unknown[] = [];
    const problems: RecordProblem[] = [];
    const path = endpoint.split('?')[0] ?? endpoint;
    raw.forEach((item, index) => {
      const decoded = decodeRecord(item, shape, path, index);
      if (decoded.ok) records.push(decoded.record);
      else problems.push(decoded.problem);
    });
    return { records, problems };
  }
}

/** A walk whose route is known once the dialect is: built at the first iteration. */
export class DeferredPaged<TRecord, TResponse> implements Paged<TRecord, TResponse> {
  private inner: PagedWalk<TRecord, TResponse> | undefined;

  constructor(private readonly make: () => Promise<PagedWalk<TRecord, TResponse>>) {}

  get resumeUrl(): string | undefined {
    return this.inner?.resumeUrl;
  }

  async *pages(): AsyncIterableIterator<Page<TRecord, TResponse>> {
    this.inner ??= await this.make();
    yield* this.inner.pages();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<TRecord> {
    for await (const page of this.pages()) yield* page.records;
  }

  collect(options: CollectOptions = {}): Promise<CollectResult<TRecord>> {
    return collectPages(this.pages(), options);
  }
}

/** Collects the records of a walk, up to `maxRecords`, saying where the rest starts. */
export async function collectPages<TRecord, TResponse>(
  walk: AsyncIterable<Page<TRecord, TResponse>>,
  options: CollectOptions,
): Promise<CollectResult<TRecord>> {
  const cap = options.maxRecords ?? Number.POSITIVE_INFINITY;
  const records: TRecord[] = [];
  for await (const page of walk) {
    const room = cap - records.length;
    records.push(...page.records.slice(0, room));
    if (records.length >= cap && (page.records.length > room || page.next !== undefined)) {
      const cutMidPage = page.records.length > room;
      return {
        records,
        complete: false,
        next: cutMidPage ? page.url : page.next,
        resumeSkip: cutMidPage ? room : 0,
      };
    }
  }
  return { records, complete: true, next: undefined, resumeSkip: 0 };
}

/**
 * The URL a `pages.next` link leads to, read from the page at `from`: refused when it is not
 * a URL or leaves the base URL (credentials are not sent elsewhere), and without `authToken`.
 * Every walk (JSON and XML lists) follows links only through here.
 */
export function followNext(next: string, from: URL, base: string, method: HttpMethod): URL {
  let url: URL;
  try {
    url = new URL(next, from);
  } catch (cause) {
    throw new UnparseableResponseError({
      method,
      path: redactPath(from),
      status: 200,
      errorMessage: `pages.next is not a URL`,
      cause,
    });
  }
  const outside = outsideBase(url, base);
  if (outside)
    throw new PagingLoopError(
      { method, path: redactPath(from) },
      `pages.next ${outside} (credentials are not sent elsewhere)`,
    );
  return withoutAuthQuery(url);
}

/** `<pages>…<next>URL</next>…</pages>` of a list answered as XML, entities decoded. */
export function nextOfXmlPage(xml: string): string | undefined {
  const raw = /<pages\b[^>]*>(?:(?!<\/pages>)[\s\S])*?<next>([^<]+)<\/next>/.exec(xml)?.[1]?.trim();
  if (!raw) return undefined;
  return raw.replace(
    /&(lt|gt|quot|apos|amp);/g,
    (_match, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name] ?? '',
  );
}

/** Why `url` is not below `base` (another origin, or outside its path), or undefined when it is. */
export function outsideBase(url: URL, base: string): string | undefined {
  const root = new URL(base);
  if (url.origin !== root.origin) return `leaves ${root.origin}`;
  const prefix = root.pathname.endsWith('/') ? root.pathname : `${root.pathname}/`;
  if (!`${url.pathname}/`.startsWith(prefix)) return `leaves the base path ${prefix}`;
  return undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
