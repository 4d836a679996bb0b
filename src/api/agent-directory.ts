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

  constructor(
    private readonly client: Pick<NetmonClient, 'endpointAgents'>,
    options: AgentDirectoryOptions = {},
  ) {
    this.maxAgents = options.maxAgents ?? DEFAULTS.maxAgents;
    this.freshMs = options.freshMs ?? DEFAULTS.freshMs;
    this.now = options.now ?? Date.now;
  }

  /**
   * Loads the directory when it is stale; `signal` stops this caller's wait, not the shared
   * read. A failed read keeps what was known and does not throw.
   */
  async ready(signal?: AbortSignal): Promise<this> {
    const fresh = this.loadedAt !== undefined && this.now() - this.loadedAt < this.freshMs;
    if (!fresh) this.startRead();
    if (this.loading)
      await abortable(
        this.loading.catch(() => undefined),
        signal,
      );
    return this;
  }

  /**
   * Reads the list now, fresh or not (a read in flight is shared), and resolves to every
   * agent; rejects with the read's error, for callers that report it.
   */
  async refresh(signal?: AbortSignal): Promise<EndpointAgent[]> {
    await abortable(this.startRead(), signal);
    return this.agents();
  }

  /** Every agent known. */
  agents(): EndpointAgent[] {
    return [...this.byId.values()];
  }

  /** The list has been read at least once. */
  get isLoaded(): boolean {
    return this.loadedAt !== undefined;
  }

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
    return Object.fromEntries(
      this.agents()
        .filter((a) => this.nameOf(a.agentId))
        .map((a) => [a.agentId, a.computerName]),
    );
  }

  /** The whole agent list, read by someone else (the explorer's one-page list): no second read. */
  learn(agents: readonly EndpointAgent[]): void {
    this.byId = new Map(agents.map((agent) => [String(agent.agentId), agent]));
    this.loadedAt = this.now();
  }

  /** The read in flight, or a new one; a failure keeps what was known (the next call reads again). */
  private startRead(): Promise<void> {
    this.loading ??= this.client
      .endpointAgents()
      .collect({ maxRecords: this.maxAgents })
      .then(({ records }) => this.learn(records))
      .finally(() => {
        this.loading = undefined;
      });
    this.loading.catch(() => undefined); // handled here too: a caller that gave up must not leave it unhandled
    return this.loading;
  }
}

function abortable<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new Error('cancelled'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason instanceof Error ? signal.reason : new Error('cancelled'));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
