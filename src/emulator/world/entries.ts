// List entries whose record and facets are built on first read: plain lists never build
// facets, filtered lists never build the records they drop.
import type { Facets, ListEntry, ListPosition } from './model';

/** How one list turns its source (a session, a probe) and part into a record and facets. */
export interface EntryKind<S, T> {
  record(source: S, part: number): T;
  facets(source: S, part: number): Facets;
}

export class LazyEntry<S, T> implements ListEntry<T> {
  private builtRecord: T | undefined;
  private builtFacets: Facets | undefined;

  constructor(
    private readonly kind: EntryKind<S, T>,
    private readonly source: S,
    readonly round: number,
    readonly index: number,
    readonly part: number,
  ) {}

  get record(): T {
    this.builtRecord ??= this.kind.record(this.source, this.part);
    return this.builtRecord;
  }

  get facets(): Facets {
    this.builtFacets ??= this.kind.facets(this.source, this.part);
    return this.builtFacets;
  }
}

/** Where a list starts inside `round`: at `start` when the walk resumes in that round. */
export function firstIndexIn(round: number, start: ListPosition | undefined): number {
  return start !== undefined && start.round === round ? start.index : 0;
}

/** The first part of record `index` of `round` to yield (later parts when resuming inside it). */
export function firstPartOf(round: number, index: number, start: ListPosition | undefined): number {
  return start !== undefined && start.round === round && start.index === index ? start.part : 0;
}

/** The earliest round a list visits: the range start, or the resumed round when later. */
export function firstRound(from: number, start: ListPosition | undefined): number {
  return start === undefined ? from : Math.max(from, start.round);
}
