// What `netmon plan` and `netmon apply` remember between runs, and the bindings apply makes
// beyond what the documents say. The journal (creates in flight, tests apply created) lives
// in a state folder outside the working tree, one file per service and account group:
// NETMON_STATE_DIR, else $XDG_STATE_HOME/netmon, else ~/.local/state/netmon. A journal found
// in the working tree (.netmon/apply-journal.json, where older versions kept it) is ignored
// with a warning: a repository must not decide which deployed test a document takes over.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  documentsWithBindings,
  quotedTestName,
  recoveredBindings,
  unownedRemovals,
  type ApplyJournal,
  type PlannedBinding,
} from '../documents';
import { UsageError } from './account';
import type { CliIo, DeployRun } from './deploy-run';
import { planFor } from './deploy-run';
import { JournalFile, journalPath, stateDirectory } from '../state/apply-journal-file';

export { JournalFile, journalPath, stateDirectory } from '../state/apply-journal-file';

export const STATE_USAGE = `  --adopt <document>=<testId>  bind this document to that deployed test (a test of its name that no
                   document is bound to is a conflict until adopted; repeat for several)
  The journal of applies lives outside the working tree: NETMON_STATE_DIR, else
  $XDG_STATE_HOME/netmon, else ~/.local/state/netmon (one file per service and account group).`;

const REPOSITORY_JOURNAL = join('.netmon', 'apply-journal.json');

/** Says once that a journal committed to the working tree is not read. */
export function warnAboutRepositoryJournal(command: string, io: CliIo): void {
  if (existsSync(resolve(io.cwd, REPOSITORY_JOURNAL))) {
    io.stderr(
      `netmon ${command}: warning: ignoring ${REPOSITORY_JOURNAL} in the working tree; the apply journal is kept in ${stateDirectory(io.env)} (a repository must not choose which test a document takes over)`,
    );
  }
}

/** `--adopt doc=id` values, resolved against the working directory. */
export function takeAdoptions(
  rest: readonly string[],
  cwd: string,
): { adoptions: { path: string; testId: number }[]; rest: string[] } {
  const adoptions: { path: string; testId: number }[] = [];
  const others: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    if (arg !== '--adopt') {
      others.push(arg);
      continue;
    }
    const match = /^(.+)=(\d{1,15})$/.exec(rest[++i] ?? '');
    if (!match) throw new UsageError('--adopt needs <document>=<testId>');
    adoptions.push({ path: resolve(cwd, match[1] ?? ''), testId: Number(match[2]) });
  }
  return { adoptions, rest: others };
}

/** The bindings apply would make before planning again: creates an interrupted apply made, and the adoptions asked for. */
export function plannedBindings(
  run: DeployRun,
  journal: ApplyJournal,
  adoptions: readonly { path: string; testId: number }[],
): PlannedBinding[] {
  const bindings: PlannedBinding[] = recoveredBindings(run.plan, journal);
  for (const adoption of adoptions) {
    const document = run.documents.find((d) => resolve(d.uri) === adoption.path);
    if (!document) throw new UsageError(`--adopt ${adoption.path}: not among the documents named`);
    const test = run.plan.unmanaged.find((t) => t.testId === adoption.testId);
    if (!test)
      throw new UsageError(
        `--adopt ${run.name(document.uri)}=${adoption.testId}: the account has no test ${adoption.testId} that no document is bound to`,
      );
    bindings.push({ uri: document.uri, testId: test.testId, testName: test.testName, why: 'adopted' });
  }
  return bindings;
}

/** The run as it will be once the bindings are written into the documents (planned in memory). */
export function withBindings(run: DeployRun, bindings: readonly PlannedBinding[]): DeployRun {
  if (bindings.length === 0) return run;
  const documents = documentsWithBindings(run.documents, bindings, run.account.serviceKey, run.account.aidKey);
  return { ...run, documents, plan: planFor(run.account, documents, run.deployed, run.agents, run.apiVersion) };
}

export interface PreparedRun {
  run: DeployRun;
  journal: JournalFile;
  bindings: PlannedBinding[];
  /** Replaces and deletes of tests no apply from here created: they need --allow-replace. */
  unowned: DeployRun['plan']['steps'];
}

/** What plan shows and apply does, computed the same way for both. */
export function prepareRun(
  command: string,
  opened: DeployRun,
  adoptions: readonly { path: string; testId: number }[],
  io: CliIo,
): PreparedRun {
  warnAboutRepositoryJournal(command, io);
  const journal = new JournalFile(journalPath(io.env, opened.account));
  const bindings = plannedBindings(opened, journal.read(), adoptions);
  const run = withBindings(opened, bindings);
  return { run, journal, bindings, unowned: unownedRemovals(run.plan, journal.read()) };
}

export function unownedLines(unowned: PreparedRun['unowned'], allowed: boolean): string[] {
  if (unowned.length === 0) return [];
  return [
    '',
    `${allowed ? 'Allowed by --allow-replace' : 'Needs --allow-replace (beyond --yes)'}: ${unowned.length === 1 ? 'this test was' : 'these tests were'} not created by netmon apply from this machine:`,
    ...unowned.map(
      (step) => `  ${step.action} ${quotedTestName(step.testName)}${'testId' in step ? ` (test ${step.testId})` : ''}`,
    ),
  ];
}
