// The apply journal's file, and the journaling every apply does through it: `netmon apply`,
// the agent tools' apply_documents and the editor's Apply write the same file the same way,
// so a test any of them created from this machine is "ours" to the others (documents/ours.ts).
// One file per service and account group, kept outside the working tree: NETMON_STATE_DIR,
// else $XDG_STATE_HOME/netmon, else ~/.local/state/netmon. Node only (no vscode): the
// extension imports it as it is.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseJournal, sameDocument, type ApplyJournal, type PendingCreate } from '../documents/apply-journal';
import type { PlanExecutor } from '../documents/apply';
import type { EndpointPlanStep } from '../documents/endpoint-tests/plan';
import type { ApiRequest } from '../documents/payloads';
import type { DeployedTest, Plan } from '../documents/plan';
import { writeFileSafely } from '../files/safe-write';

export function stateDirectory(env: NodeJS.ProcessEnv): string {
  if (env['NETMON_STATE_DIR']) return resolve(env['NETMON_STATE_DIR']);
  if (env['XDG_STATE_HOME']) return join(resolve(env['XDG_STATE_HOME']), 'netmon');
  return join(homedir(), '.local', 'state', 'netmon');
}

export function journalPath(env: NodeJS.ProcessEnv, account: { serviceKey: string; aidKey: string }): string {
  const key = createHash('sha256').update(`${account.serviceKey}\n${account.aidKey}`).digest('hex').slice(0, 24);
  return join(stateDirectory(env), 'apply', `${key}.json`);
}

/** The journal of one service and account group; written (whole, never through a link) at each change. */
export class JournalFile {
  private journal: ApplyJournal | undefined;
  constructor(private readonly path: string) {}

  read(): ApplyJournal {
    if (this.journal) return this.journal;
    let text: string | undefined;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch {
      text = undefined;
    }
    this.journal = parseJournal(text);
    return this.journal;
  }

  add(entry: PendingCreate): void {
    const journal = this.read();
    this.write({ ...journal, pending: [...journal.pending, entry] });
  }

  /** The document is bound: its create is no longer in flight, and the test is one apply made. */
  bound(uri: string, testId: number, created: boolean): void {
    const journal = this.read();
    const owned =
      created && !(journal.owned ?? []).includes(testId) ? [...(journal.owned ?? []), testId] : (journal.owned ?? []);
    this.write({ ...journal, pending: journal.pending.filter((p) => !sameDocument(p.uri, uri)), owned });
  }

  /** An endpoint test apply created (or re-created for a replace): ours from now on. */
  ownEndpoint(testId: number): void {
    const owned = this.read().endpointOwned ?? [];
    if (!owned.includes(testId)) this.write({ ...this.read(), endpointOwned: [...owned, testId] });
  }

  /** Drops the creates in flight: all of them, or (`uris`) those of the documents an apply planned. */
  clearPending(uris?: readonly string[]): void {
    const journal = this.read();
    const pending =
      uris === undefined ? [] : journal.pending.filter((p) => !uris.some((uri) => sameDocument(p.uri, uri)));
    if (pending.length < journal.pending.length) this.write({ ...journal, pending });
  }

  private write(journal: ApplyJournal): void {
    this.journal = journal;
    mkdirSync(resolve(this.path, '..'), { recursive: true, mode: 0o700 });
    writeFileSafely(this.path, `${JSON.stringify(journal, null, 2)}\n`, { overwrite: true });
  }
}

/**
 * What a create is noted with: the plan it belongs to, the tests deployed before it, and the API type its request
 * sends.
 */
export interface CreateContext {
  plan: Plan;
  deployed: readonly Pick<DeployedTest, 'type' | 'testName' | 'testId'>[];
  typeOf(request: ApiRequest<unknown>): string;
}

/**
 * The executor with the journal kept as every apply keeps it: a create is noted before it is
 * sent (with the same-named tests that existed, so an answer lost on the way can be found
 * again), and the test it made is recorded as ours once its document is bound.
 */
export function journaledExecutor(executor: PlanExecutor, journal: JournalFile, context: CreateContext): PlanExecutor {
  const created = new Set<number>();
  return {
    ...executor,
    create: async (request) => {
      const type = context.typeOf(request);
      const uri = context.plan.steps.find((s) => s.action !== 'delete' && s.request === request)?.uri ?? '';
      const { testName } = request.body;
      const existingTestIds = context.deployed
        .filter((t) => t.type === type && t.testName === testName)
        .map((t) => t.testId);
      journal.add({ uri, type, testName, existingTestIds });
      const testId = await executor.create(request);
      created.add(testId);
      return testId;
    },
    bind: async (uri, testId) => {
      await executor.bind(uri, testId);
      if (testId !== undefined) journal.bound(uri, testId, created.has(testId));
    },
  };
}

/**
 * An endpoint document's binding, with the endpoint test a create or replace made recorded as ours (as an enterprise
 * one is).
 */
export function journaledEndpointBind(
  bind: (uri: string, testId: number | undefined) => Promise<void>,
  journal: JournalFile,
  steps: readonly EndpointPlanStep[],
): (uri: string, testId: number | undefined) => Promise<void> {
  return async (uri, testId) => {
    await bind(uri, testId);
    const created = steps.some((step) => step.uri === uri && (step.action === 'create' || step.action === 'replace'));
    if (created && testId !== undefined) journal.ownEndpoint(testId);
  };
}
