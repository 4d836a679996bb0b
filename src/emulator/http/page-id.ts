// Paging of the inventory lists (agents, networks, endpoint tests) the way the service pages
// them: `pages.next` carries an opaque `pageId` rather than a page number or a cursor.
// The id is base64url of `<offset>:<check>`, the check being an HMAC over the list, the
// account group, the page size and the list's length. A forged or mistyped id, or one from
// another list, group, page size or world, fails the check and answers 400 instead of
// silently serving some other page. The key comes from the world's seed and preset, so the
// same world writes the same links run after run (answers stay reproducible).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Pages } from '../../api/types';
import { badRequest } from './errors';

export const PAGE_ID_PARAM = 'pageId';

/** Which list a page belongs to; every field is part of the check. */
export interface InventoryScope {
  /** Stable name of the list, the same for its /v6 and /v7 paths (e.g. `endpoint-tests/dns-trace`). */
  list: string;
  aid: number;
  pageSize: number;
  total: number;
}

const CHECK_BYTES = 9;
const DECODED = /^([0-9]{1,9}):([A-Za-z0-9_-]{12})$/;

export class PageIds {
  constructor(private readonly key: string) {}

  encode(offset: number, scope: InventoryScope): string {
    return Buffer.from(`${offset}:${this.check(offset, scope)}`, 'utf8').toString('base64url');
  }

  /** The offset a request's `pageId` names (0 without one); 400 when the id is not one of this list's. */
  offset(query: URLSearchParams, scope: InventoryScope): number {
    const text = query.get(PAGE_ID_PARAM);
    if (text === null) return 0;
    const match = DECODED.exec(decoded(text));
    const offset = match ? Number(match[1]) : -1;
    if (!match || !sameText(match[2] ?? '', this.check(offset, scope)) || offset <= 0 || offset >= scope.total) {
      throw badRequest(
        `${PAGE_ID_PARAM} '${text.slice(0, 100)}' is not a page of this list ` +
          `(account group ${scope.aid}, ${scope.pageSize} per page): ` +
          'it was altered, belongs to another list, or the list changed since; ' +
          'use pages.next as given, or start again without pageId',
      );
    }
    return offset;
  }

  private check(offset: number, scope: InventoryScope): string {
    const mac = createHmac('sha256', this.key)
      .update(JSON.stringify([offset, scope.list, scope.aid, scope.pageSize, scope.total]))
      .digest();
    return mac.subarray(0, CHECK_BYTES).toString('base64url');
  }
}

/** `pages` of an inventory page: `next` repeats the query (aid, format …) with the next pageId, never authToken. */
export function inventoryPages(
  baseUrl: string,
  path: string,
  query: URLSearchParams,
  offset: number,
  nextPageId: string | undefined,
  pageSize: number,
): Pages {
  const current = Math.floor(offset / pageSize) + 1;
  if (nextPageId === undefined) return { current };
  const nextQuery = new URLSearchParams(query);
  // A link is logged, shared and shown; the client sends its credentials again anyway.
  nextQuery.delete('authToken');
  nextQuery.set(PAGE_ID_PARAM, nextPageId);
  return { current, next: `${baseUrl}${path}?${nextQuery.toString()}` };
}

/** Only the canonical base64url of some text: the decoder ignores stray characters and spare bits. */
function decoded(text: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(text)) return '';
  const value = Buffer.from(text, 'base64url').toString('utf8');
  return Buffer.from(value, 'utf8').toString('base64url') === text ? value : '';
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
