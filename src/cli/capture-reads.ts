// What `netmon capture` reads: one page of every read the product makes, each through the
// client's own method, so the account's dialect (detected by the client), its paths, its
// segment encoding of ids and its base-path checks apply. Nothing here composes a path: ids
// found in one answer go to the next method as values, however hostile they are.
import type { Pseudonymizer } from '../analysis/capture/pseudonymize';
import type { NetmonClient, Paged, RequestEvent } from '../api';

export interface CaptureRequest {
  operation: string;
  method: string;
  path: string;
  query: Record<string, string>;
}
export interface CaptureEntry {
  name: string;
  file: string;
  request: CaptureRequest | undefined;
  status: 'ok' | 'failed';
  error?: string;
}
export type Save = (entry: CaptureEntry, body: unknown) => void;

type Row = Record<string, unknown>;

/** The first page of a walk: its envelope (saved) and its first record (the ids of the next reads). */
async function firstPage<R, T>(paged: Paged<R, T>): Promise<{ response: T; first: R | undefined } | undefined> {
  for await (const page of paged.pages()) return { response: page.response, first: page.records[0] };
  return undefined;
}

class Reader {
  readonly entries: CaptureEntry[] = [];
  private last: RequestEvent | undefined;

  constructor(
    private readonly client: NetmonClient,
    private readonly pz: Pseudonymizer,
    private readonly save: Save,
  ) {
    client.addRequestListener((event) => {
      if (event.final) this.last = event;
    });
  }

  /** The first page of a list: the envelope is saved; its first record comes back. */
  async list<R, T>(name: string, operation: string, paged: () => Paged<R, T>): Promise<Row | undefined> {
    let record: unknown;
    await this.read(name, operation, async () => {
      const page = await firstPage(paged());
      record = page?.first;
      return page?.response;
    });
    return isRow(record) ? record : undefined;
  }

  /** One read: its answer is saved pseudonymised; a failure is listed and the capture goes on. */
  async read(name: string, operation: string, call: () => Promise<unknown>): Promise<Row | undefined> {
    const entry: CaptureEntry = {
      name,
      file: `${String(this.entries.length + 1).padStart(2, '0')}-${name}.json`,
      request: undefined,
      status: 'ok',
    };
    this.entries.push(entry);
    this.last = undefined;
    try {
      const body = await call();
      const shown = this.pz.body(body);
      entry.request = this.request(operation);
      this.save(entry, shown);
      return isRow(body) ? body : undefined;
    } catch (error) {
      entry.status = 'failed';
      entry.request = this.request(operation);
      entry.error = this.pz.body(error instanceof Error ? error.message : String(error)) as string;
      return undefined;
    }
  }

  /** The request the client sent last (its path as encoded, ids replaced like the bodies'). */
  private request(operation: string): CaptureRequest | undefined {
    const event = this.last;
    if (!event) return undefined;
    const url = new URL(event.path, 'http://capture.invalid');
    const query: Record<string, string> = {};
    for (const [key, value] of url.searchParams) query[key] = this.pz.knownId(value) ?? value;
    return { operation, method: event.method, path: this.pz.path(url.pathname), query };
  }
}

/** Reads one page of each endpoint, in an order that finds the ids the next reads need. */
export async function captureReads(
  client: NetmonClient,
  window: string,
  pz: Pseudonymizer,
  save: Save,
): Promise<CaptureEntry[]> {
  const reader = new Reader(client, pz, save);
  const read = reader.read.bind(reader);
  const list = reader.list.bind(reader);
  await read('account-groups', 'listAccountGroups', () => client.listAccountGroups());
  const agents = await read('endpoint-agents', 'listEndpointAgents', () => client.listEndpointAgents());
  const agentId = first(agents?.['endpointAgents'])?.['agentId'];
  if (isId(agentId)) await read('endpoint-agent', 'getEndpointAgent', () => client.getEndpointAgent(String(agentId)));
  await read('networks', 'listNetworks', () => client.listNetworks());
  await readTests(client, window, reader);
  await readSessions(client, window, reader);
  await list('web-sessions', 'webSessions', () => client.webSessions({ window }));
  await list('network-sessions', 'networkSessions', () => client.networkSessions({ window }));
  const probeId = (await list('network-topology', 'networkProbes', () => client.networkProbes({ window })))?.[
    'networkProbeId'
  ];
  if (isId(probeId)) await read('network-probe', 'getNetworkProbe', () => client.getNetworkProbe(String(probeId)));
  return reader.entries;
}

async function readTests(client: NetmonClient, window: string, reader: Reader): Promise<void> {
  const tests = await reader.read('endpoint-tests', 'listEndpointTests', () => client.listEndpointTests());
  const list = Array.isArray(tests?.['endpointTest']) ? (tests['endpointTest'] as unknown[]).filter(isRow) : [];
  const netTest = numericId(list.find((t) => t['type'] === 'agent-to-server')?.['testId'] ?? list[0]?.['testId']);
  const httpTest = numericId(list.find((t) => t['type'] === 'http-server')?.['testId']);
  if (netTest !== undefined) {
    await reader.read('endpoint-test', 'getEndpointTest', () => client.getEndpointTest(netTest));
    await reader.list('net-metrics', 'netMetrics', () => client.netMetrics(netTest, { window }));
    const summary = await reader.list('path-vis', 'pathVis', () => client.pathVis(netTest, { window }));
    const roundId = numericId(summary?.['roundId']);
    if (summary && isId(summary['agentId']) && roundId !== undefined) {
      await reader.read('path-trace', 'getPathTrace', () =>
        client.getPathTrace(netTest, String(summary['agentId']), roundId),
      );
    }
  }
  if (httpTest !== undefined)
    await reader.list('http-server', 'httpServerResults', () => client.httpServerResults(httpTest, { window }));
}

async function readSessions(client: NetmonClient, window: string, reader: Reader): Promise<void> {
  const sessionId = (await reader.list('user-sessions', 'userSessions', () => client.userSessions({ window })))?.[
    'userSessionId'
  ];
  if (!isId(sessionId)) return;
  const detail = await reader.read('user-session', 'getUserSession', () => client.getUserSession(String(sessionId)));
  const pageId = first(detail?.['pages'])?.['id'];
  if (isId(pageId))
    await reader.read('page', 'getPageDetails', () => client.getPageDetails(String(sessionId), String(pageId)));
}

function first(value: unknown): Row | undefined {
  const item = Array.isArray(value) ? value[0] : undefined;
  return isRow(item) ? item : undefined;
}

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isId(value: unknown): value is string | number {
  return (typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value));
}

/** Test and round ids are integers in both dialects (v7 sends them as strings); anything else is not read. */
function numericId(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  return typeof value === 'string' && /^[0-9]{1,15}$/.test(value) ? Number(value) : undefined;
}
