// Which dialect an account speaks, found by one cheap v7 read: `GET /v7/endpoint/agents`
// with the smallest page. A 2xx whose body is v7's (an `agents` array or `_links`) means v7;
// a 404, or a 2xx body that is not v7's, means v6, and only then will the client ask any v6
// path. Auth errors (401, 403) and failures are errors, not a dialect: they reach the caller.
import type { ApiVersion } from './client';
import { NotFoundError } from './errors';
import { isRecord } from './paging';

export const DETECTION_PATH = 'v7/endpoint/agents';
export const DETECTION_QUERY = { max: '1' } as const;

/** The dialect a detection read's outcome means; rethrows what is not an answer. */
export async function dialectOf(read: () => Promise<unknown>): Promise<ApiVersion> {
  let body: unknown;
  try {
    body = await read();
  } catch (error) {
    if (error instanceof NotFoundError) return 'v6';
    throw error;
  }
  return isRecord(body) && (Array.isArray(body['agents']) || isRecord(body['_links'])) ? 'v7' : 'v6';
}
