// The last requests the emulator answered, for tests that assert what a client sent.
export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
  status: number;
}

const CAPACITY = 1000;

export class RequestLog {
  private entries: LoggedRequest[] = [];

  add(method: string, path: string, query: URLSearchParams, rawBody: string, status: number): void {
    const entry: LoggedRequest = { method, path, query: redacted(query), status };
    if (rawBody !== '') entry.body = parseOrRaw(rawBody);
    this.entries.push(entry);
    if (this.entries.length > CAPACITY) this.entries.splice(0, this.entries.length - CAPACITY);
  }

  list(): LoggedRequest[] { return [...this.entries]; }
  clear(): void { this.entries = []; }
}

function redacted(query: URLSearchParams): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of query) result[key] = key === 'authToken' ? '***' : value;
  return result;
}

function parseOrRaw(text: string): unknown {
  try { return JSON.parse(text); } catch { return text; }
}
