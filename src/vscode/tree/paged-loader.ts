// Paging, written once for every list in the tree. A loader reads one server page per
// step by following `pages.next` (resumeFrom), reveals at most `pageSize` records per
// step, and holds a lock so that a second "Load more" while one runs — or a late click on
// a "Load more" node whose step already happened — fetches nothing. Every step opens a
// new walk at `pages.next`, so a server whose `next` comes back to a page already read is
// caught here, across steps, before the same records are shown twice.
import type { Paged, RecordProblem } from '../../api';

/** Opens the list at its first page (resumeFrom undefined) or at a `pages.next` URL. */
export type PageOpener<TRecord> = (resumeFrom: string | undefined, signal: AbortSignal) => Paged<TRecord, unknown>;

export class PagedLoader<TRecord> {
  private records: TRecord[] = [];
  private shown = 0;
  private next: string | undefined;
  private started = false;
  private inFlight: Promise<void> | undefined;
  private abort = new AbortController();
  private failure: unknown;
  /** Counts completed steps; a "Load more" node remembers the step it continues. */
  private stepCount = 0;
  /** Records the client left out (no id of their own): shown as rows, never silently dropped. */
  private problemList: RecordProblem[] = [];
  /** Every page URL this listing has read, across steps. */
  private readonly read = new Set<string>();

  constructor(
    private readonly open: PageOpener<TRecord>,
    private readonly pageSize: number,
  ) {}

  get step(): number {
    return this.stepCount;
  }
  get error(): unknown {
    return this.failure;
  }
  get isStarted(): boolean {
    return this.started;
  }
  get visible(): readonly TRecord[] {
    return this.records.slice(0, this.shown);
  }
  get problems(): readonly RecordProblem[] {
    return this.problemList;
  }
  get hasMore(): boolean {
    return this.shown < this.records.length || this.next !== undefined;
  }

  /** Loads the first step if nothing was loaded yet. */
  async ensureStarted(): Promise<void> {
    if (!this.started && this.failure === undefined) await this.loadMore(this.stepCount);
  }

  /**
   * Loads the next step. `fromStep` is the step the caller saw; when another call already
   * moved past it, this does nothing (a double click loads one page, not two).
   */
  loadMore(fromStep: number = this.stepCount): Promise<void> {
    if (this.inFlight) return this.inFlight;
    if (fromStep !== this.stepCount) return Promise.resolve();
    this.inFlight = this.advance().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  /** Tries the failed step again. */
  retry(): Promise<void> {
    this.failure = undefined;
    return this.loadMore();
  }

  /** Forgets everything and cancels a load in flight (refresh, new filters, new client). */
  reset(): void {
    this.abort.abort();
    this.abort = new AbortController();
    this.records = [];
    this.shown = 0;
    this.next = undefined;
    this.started = false;
    this.failure = undefined;
    this.inFlight = undefined;
    this.read.clear();
    this.problemList = [];
    this.stepCount += 1;
  }

  private async advance(): Promise<void> {
    const signal = this.abort.signal;
    if (this.shown < this.records.length) {
      this.reveal();
      return;
    }
    if (this.started && this.next === undefined) return;
    try {
      if (this.next !== undefined && this.read.has(this.next)) throw repeatedPage(this.next);
      const page = await this.readOnePage(this.started ? this.next : undefined, signal);
      if (signal.aborted) return;
      if (page.url !== undefined) this.read.add(page.url);
      this.records.push(...page.records);
      this.problemList.push(...page.problems);
      this.next = page.next;
      this.started = true;
      this.failure = undefined;
      this.reveal();
    } catch (error) {
      if (!signal.aborted) this.failure = error;
    }
  }

  private reveal(): void {
    this.shown = Math.min(this.records.length, this.shown + this.pageSize);
    this.stepCount += 1;
  }

  private async readOnePage(
    resumeFrom: string | undefined,
    signal: AbortSignal,
  ): Promise<{ records: TRecord[]; next: string | undefined; url?: string; problems: RecordProblem[] }> {
    const iterator = this.open(resumeFrom, signal).pages();
    try {
      const result = await iterator.next();
      return result.done
        ? { records: [], next: undefined, problems: [] }
        : {
            records: result.value.records,
            next: result.value.next,
            url: result.value.url,
            problems: result.value.problems,
          };
    } finally {
      await iterator.return?.();
    }
  }
}

function repeatedPage(next: string): Error {
  const path = (() => {
    try {
      return new URL(next).pathname;
    } catch {
      return 'the list';
    }
  })();
  return new Error(
    `the service's pages.next leads back to a page of ${path} already shown; the list ends here (refresh to ` +
      'read it again)',
  );
}
