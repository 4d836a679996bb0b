// Endpoint agents by id, one directory per client (so per connection): the names every view
// shows instead of ids. Read once from the agent list (every page, bounded), shared by all
// callers while it loads, read again when older than `freshMs`; a failed read keeps what was
// known (or nothing), never throws: ids stand in for names.
import type { EndpointAgent } from './types';
import type { NetmonClient } from './client';

export interface AgentDirectoryOptions {
  maxAgents?: number;
  freshMs?: number;
  now?: () => number;
}

const DEFAULTS = { maxAgents: 20_000, freshMs: 5 * 60_000 };

export class AgentDirectory {
  private byId = new Map<string, EndpointAgent>();
  private loadedAt: number | undefined;
  private loading: Promise<void> | undefined;
  private readonly maxAgents: number;
  private readonly freshMs: number;
  private readonly now: () => number;

  constructor(private readonly client: Pick<NetmonClient, 'endpointAgents'>, options: AgentDirectoryOptions = {}) {
    this.maxAgents = options.maxAgents ?? DEFAULTS.maxAgents;
    this.freshMs = options.freshMs ?? DEFAULTS.freshMs;
    this.now = options.now ?? Date.now;
  }

  /** Loads (or refreshes) the directory; `signal` stops this caller's wait, not the shared read. */
  async ready(signal?: AbortSignal): Promise<this> {
    const fresh = this.loadedAt !== undefined && this.now() - this.loadedAt < this.freshMs;
    if (!fresh) this.loading ??= this.read().finally(() => { this.loading = undefined; });
    if (this.loading) await abortable(this.loading, signal);
    return this;
  }

  /** The list has been read at least once. */
  get isLoaded(): boolean { return this.loadedAt !== undefined; }

  /** The computer name, when known. */
  nameOf(agentId: unknown): string | undefined {
    const name = this.byId.get(String(agentId))?.computerName;
    return typeof name === 'string' && name !== '' ? name : undefined;
  }

  /** The name, else the id: what a label shows. */
  label(agentId: unknown): string {
    return this.nameOf(agentId) ?? String(agentId);
  }

  agent(agentId: unknown): EndpointAgent | undefined {
    return this.byId.get(String(agentId));
  }

  /** Every known agent with a name, as `{ agentId: name }`. */
  names(): Record<string, string> {
    return Object.fromEntries([...this.byId.values()].filter((a) => this.nameOf(a.agentId)).map((a) => [a.agentId, a.computerName]));
  }

  /** The whole agent list, read by someone else (the explorer's one-page list): no second read. */
  learn(agents: readonly EndpointAgent[]): void {
    this.byId = new Map(agents.map((agent) => [String(agent.agentId), agent]));
    this.loadedAt = this.now();
  }

  private async read(): Promise<void> {
    try {
      const { records } = await this.client.endpointAgents().collect({ maxRecords: this.maxAgents });
      this.byId = new Map(records.map((agent) => [String(agent.agentId), agent]));
      this.loadedAt = this.now();
    } catch {
      // Keep what was known; try again at the next ready().
    }
  }
}

function abortable<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new Error('cancelled'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason instanceof Error ? signal.reason : new Error('cancelled'));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then((value) => { signal.removeEventListener('abort', onAbort); resolve(value); },
      (error: unknown) => { signal.removeEventListener('abort', onAbort); reject(error); });
  });
}
