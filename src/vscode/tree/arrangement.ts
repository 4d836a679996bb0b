// How the User Sessions list is arranged (sort and grouping), and the slowest page load of
// each session, read from its details when "slowest page first" needs it. Changing the
// arrangement redraws the loaded rows without fetching the list again.
import * as vscode from 'vscode';
import type { NetmonClient } from '../../api';
import type { SessionGroup, SessionSort } from '../../analysis/records/arrange';
import type { UserSession } from '../../api/types';
import { forEachAtMost } from '../../analysis/pool';

/** Details read for "slowest page first" at most, per arrangement (each is one request). */
export const MAX_DETAIL_READS = 500;
const CONCURRENCY = 4;

export class SessionArrangement implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private sortBy: SessionSort = 'time';
  private groupBy: SessionGroup = 'none';
  /** Slowest onLoad per session id (null: the session has no timed page). */
  private readonly slowest = new Map<string, number | null>();

  get sort(): SessionSort {
    return this.sortBy;
  }
  get group(): SessionGroup {
    return this.groupBy;
  }
  get isDefault(): boolean {
    return this.sortBy === 'time' && this.groupBy === 'none';
  }

  setSort(sort: SessionSort): void {
    this.sortBy = sort;
    this.changed.fire();
  }

  setGroup(group: SessionGroup): void {
    this.groupBy = group;
    this.changed.fire();
  }

  slowestLoadMs(session: UserSession): number | undefined {
    return this.slowest.get(session.userSessionId) ?? undefined;
  }

  /** Reads the details of the sessions whose slowest page is not known yet (bounded, cancellable). */
  async readSlowestLoads(client: NetmonClient, sessions: readonly UserSession[], signal: AbortSignal): Promise<void> {
    const missing = sessions.filter((s) => !this.slowest.has(s.userSessionId)).slice(0, MAX_DETAIL_READS);
    await forEachAtMost(
      missing,
      CONCURRENCY,
      async (session) => {
        try {
          const detail = await client.getUserSession(session.userSessionId, { signal });
          const loads = (detail.pages ?? [])
            .map((p) => p.pageTimings?.onLoad)
            .filter((ms): ms is number => typeof ms === 'number' && Number.isFinite(ms));
          this.slowest.set(session.userSessionId, loads.length > 0 ? Math.max(...loads) : null);
        } catch {
          // A failed detail leaves that session unmeasured (sorted last); a cancel stops the pool.
        }
      },
      () => signal.aborted,
    );
  }

  dispose(): void {
    this.changed.dispose();
  }
}
