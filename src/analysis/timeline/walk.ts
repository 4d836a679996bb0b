// Reads one agent's records for a timeline: the four endpoint-data lists filtered on the
// server by agentId (never a client-side scan), each followed along pages.next, then the
// details of the sessions the verdict needs (poor ones first) with bounded concurrency and a
// per-session cache. A page that fails becomes a gap that can be retried from where it
// stopped; nothing goes missing silently. The client is passed in (the typed NetmonClient
// satisfies TimelineClient), so this module stays free of transport code.
import type { SearchFilter, UserSessionDetail } from '../../api/types';
import { TimelineLanesBuilder } from './lanes';
import { LIST_LABELS, type SessionMark, type TimelineGap, type TimelineList } from './model';
import { apiTimeMs, recordTimeMs } from './read';
import { asRecord } from '../har/narrow';
import { forEachAtMost } from '../pool';

/** A relative window (`24h`, resolved by the service against its own clock) or an absolute range. */
export type WalkRange = { window: string } | { from: Date; to: Date };
export type WalkListOptions = { filters: SearchFilter[]; signal?: AbortSignal; resumeFrom?: string } & (
  { window: string } | { from: Date; to: Date }
);
interface PageLike {
  records: unknown[];
  next: string | undefined;
  response: unknown;
}
interface PagedLike {
  pages(): AsyncIterableIterator<PageLike>;
  readonly resumeUrl: string | undefined;
}

export interface TimelineClient {
  userSessions(options: WalkListOptions): PagedLike;
  webSessions(options: WalkListOptions): PagedLike;
  networkSessions(options: WalkListOptions): PagedLike;
  networkProbes(options: WalkListOptions): PagedLike;
  getUserSession(userSessionId: string, options: { signal?: AbortSignal }): Promise<UserSessionDetail>;
}

export const TIMELINE_LISTS: readonly TimelineList[] = [
  'userSessions',
  'webSessions',
  'networkSessions',
  'networkProbes',
];

/** Session details read per timeline, at most; poor sessions come first. */
export const MAX_DETAILS = 600;
export const DETAIL_CONCURRENCY = 4;
/** Besides poor sessions and their neighbours, one session per this stretch, for the baseline and the events. */
export const DETAIL_SAMPLE_MS = 30 * 60_000;
const NEIGHBOUR_MS = 20 * 60_000;

export interface WalkProgress {
  /** Pages and records read per list, and whether each is done. */
  lists: Record<TimelineList, { pages: number; records: number; done: boolean }>;
  details: { read: number; planned: number };
  /** "Loading page loads (page 3)…" */
  text: string;
}

export interface WalkHooks {
  /** After each page or batch of details: the timeline can be drawn again from `builder`. */
  onUpdate?(progress: WalkProgress): void;
}

/** Details already read, by session id (kept per connection by the panel, per run by the CLI). */
export type DetailCache = Map<string, unknown>;

export class TimelineWalk {
  readonly builder: TimelineLanesBuilder;
  readonly gaps: TimelineGap[] = [];
  private readonly progress: WalkProgress;
  /** The range read, in epoch ms: the service's own from/to once a filtered page states them. */
  private known: { fromMs: number; toMs: number } | undefined;

  /** `estimate` places a relative window until the service says where it lies (clocks differ). */
  constructor(
    private readonly client: TimelineClient,
    readonly agentId: string,
    private readonly request: WalkRange,
    private readonly estimate: { fromMs: number; toMs: number },
    private readonly cache: DetailCache = new Map(),
    private readonly hooks: WalkHooks = {},
  ) {
    this.builder = new TimelineLanesBuilder(agentId);
    const lists = Object.fromEntries(
      TIMELINE_LISTS.map((list) => [list, { pages: 0, records: 0, done: false }]),
    ) as WalkProgress['lists'];
    this.progress = { lists, details: { read: 0, planned: 0 }, text: 'Starting' };
  }

  get range(): { fromMs: number; toMs: number } {
    return this.known ?? this.estimate;
  }

  /** Reads everything; resolves when every list ended or became a gap. Rejects only when cancelled. */
  async run(signal?: AbortSignal): Promise<void> {
    await Promise.all(TIMELINE_LISTS.map((list) => this.walkList(list, undefined, signal)));
    await this.readDetails(signal);
  }

  /** Reads a gap again from where it stopped; the gap is gone when that succeeds. */
  async retry(gap: TimelineGap, signal?: AbortSignal): Promise<void> {
    const at = this.gaps.indexOf(gap);
    if (at < 0) return;
    this.gaps.splice(at, 1);
    this.progress.lists[gap.list].done = false;
    await this.walkList(gap.list, gap.resumeUrl, signal);
    if (gap.list === 'userSessions') await this.readDetails(signal);
  }

  private async walkList(list: TimelineList, resumeFrom: string | undefined, signal?: AbortSignal): Promise<void> {
    const filters: SearchFilter[] = [{ key: 'agentId', values: [this.agentId] }];
    const paged = this.client[list]({
      filters,
      ...this.request,
      ...(signal ? { signal } : {}),
      ...(resumeFrom ? { resumeFrom } : {}),
    });
    const state = this.progress.lists[list];
    let lastMs = this.range.fromMs;
    try {
      for await (const page of paged.pages()) {
        this.learnRange(page.response);
        this.builder.add(list, page.records);
        for (const record of page.records) lastMs = Math.max(lastMs, recordTimeMs(asRecord(record)) ?? lastMs);
        state.pages++;
        state.records += page.records.length;
        this.update(`Loading ${LIST_LABELS[list]} (page ${state.pages})`);
      }
    } catch (error) {
      if (signal?.aborted) throw error;
      const resumeUrl = paged.resumeUrl ?? resumeFrom;
      this.gaps.push({
        list,
        fromMs: lastMs,
        toMs: this.range.toMs,
        reason: reasonOf(error),
        ...(resumeUrl ? { resumeUrl } : {}),
      });
    }
    state.done = true;
    this.update(`Read ${LIST_LABELS[list]}`);
  }

  private async readDetails(signal?: AbortSignal): Promise<void> {
    const pending: string[] = [];
    for (const id of detailsWanted(this.builder.sessionsByNeed(), this.builder.lanes().sessions)) {
      if (this.cache.has(id)) this.builder.addSessionDetail(this.cache.get(id));
      else pending.push(id);
    }
    this.progress.details.planned += pending.length;
    await forEachAtMost(pending, DETAIL_CONCURRENCY, async (id) => {
      signal?.throwIfAborted();
      try {
        const detail: UserSessionDetail | undefined = await this.client.getUserSession(id, signal ? { signal } : {});
        if (detail !== undefined) {
          this.cache.set(id, detail);
          this.builder.addSessionDetail(detail);
        }
      } catch (error) {
        if (signal?.aborted) throw error;
        // A detail that cannot be read leaves its session on the timeline without Wi-Fi facts.
      }
      this.progress.details.read++;
      this.update(`Reading session details (${this.progress.details.read} of ${this.progress.details.planned})`);
    });
  }

  /** A filtered answer may state its range (`from`, `to`): that is the range the timeline covers. */
  private learnRange(response: unknown): void {
    if (this.known) return;
    const body = asRecord(response);
    const fromMs = apiTimeMs(body.from);
    const toMs = apiTimeMs(body.to);
    if (fromMs !== undefined && toMs !== undefined && fromMs < toMs) this.known = { fromMs, toMs };
  }

  private update(text: string): void {
    this.progress.text = text;
    this.hooks.onUpdate?.(this.progress);
  }
}

/**
 * Which sessions' details to read, in order: poor ones (newest first), the sessions around
 * them (where a period starts and recovers), then one per DETAIL_SAMPLE_MS for the baseline.
 */
export function detailsWanted(
  byNeed: readonly SessionMark[],
  byTime: readonly SessionMark[],
  limit = MAX_DETAILS,
): string[] {
  const chosen = new Set<string>();
  const poor = byNeed.filter((s) => s.grade === 'bad');
  for (const s of poor) chosen.add(s.userSessionId);
  for (const s of byTime) if (poor.some((p) => Math.abs(p.t - s.t) <= NEIGHBOUR_MS)) chosen.add(s.userSessionId);
  let bucket = Number.NEGATIVE_INFINITY;
  for (const s of byTime) {
    if (s.t - bucket < DETAIL_SAMPLE_MS) continue;
    bucket = s.t;
    chosen.add(s.userSessionId);
  }
  return [...chosen].slice(0, limit);
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/[\r\n]+/g, ' ').slice(0, 300);
}
