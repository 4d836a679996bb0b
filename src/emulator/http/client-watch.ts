// Notices a client that went away (closed or reset its connection) before its answer was
// complete. A vanished client is not a server error: nothing to answer, nothing to report.
import type { ServerResponse } from 'node:http';

export class ClientWatch {
  private gone = false;
  private readonly waiters = new Set<() => void>();

  constructor(private readonly res: ServerResponse) {
    res.once('close', () => {
      if (res.writableFinished) return;
      this.gone = true;
      for (const wake of this.waiters) wake();
      this.waiters.clear();
    });
  }

  /** True once the connection closed before the answer was fully written. */
  get left(): boolean {
    return this.gone || this.res.destroyed;
  }

  /** Whether `error` (from reading the request) means the client went away. */
  explains(error: unknown): boolean {
    if (this.left) return true;
    const code = (error as { code?: unknown } | null)?.code;
    return code === 'ECONNRESET' || code === 'ECONNABORTED' || code === 'ERR_STREAM_PREMATURE_CLOSE';
  }

  /** Waits `ms`, or less when the client leaves meanwhile. */
  pause(ms: number): Promise<void> {
    if (this.left) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.waiters.add(wake);
    });
  }
}
