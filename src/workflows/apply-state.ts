// What planning and applying remember between runs, and the bindings apply makes beyond what the
// documents say. The journal (creates in flight, tests apply created) lives in a state folder
// outside the working tree, one file per service and account group (src/state/): NETMON_STATE_DIR,
// else $XDG_STATE_HOME/netmon, else ~/.local/state/netmon. A journal found in the working tree
// (.netmon/apply-journal.json, where older versions kept it) is never read: a repository must
// not decide which deployed test a document takes over; the front doors say it was ignored.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  documentsWithBindings,
  recoveredBindings,
  unownedRemovals,
  type ApplyJournal,
  type PlannedBinding,
} from '../documents';
import { JournalFile, journalPath } from '../state/apply-journal-file';
import { planFor, type DeployRun } from './deploy-run';
import { InputError } from './input-error';

export { JournalFile, journalPath, stateDirectory } from '../state/apply-journal-file';

/** Where older versions kept the journal, in the working tree. */
export const REPOSITORY_JOURNAL = join('.netmon', 'apply-journal.json');

/** The journal committed to the working tree at `cwd`, if there is one: ignored, for the front door to say so. */
export function repositoryJournalIn(cwd: string): string | undefined {
  return existsSync(resolve(cwd, REPOSITORY_JOURNAL)) ? REPOSITORY_JOURNAL : undefined;
}

/** A document to bind to a deployed test it is named like (its path resolved, the test's id). */
export interface Adoption {
  path: string;
  testId: number;
}

/**
 * The bindings apply would make before planning again: creates an interrupted apply made, and the adoptions asked for.
 */
export function plannedBindings(
  run: DeployRun,
  journal: ApplyJournal,
  adoptions: readonly Adoption[],
): PlannedBinding[] {
  const bindings: PlannedBinding[] = recoveredBindings(run.plan, journal);
  for (const adoption of adoptions) {
    const document = run.documents.find((d) => resolve(d.uri) === adoption.path);
    if (!document)
      throw new InputError('adopt', (n) => `${n('adopt')} ${adoption.path}: not among the documents named`);
    const test = run.plan.unmanaged.find((t) => t.testId === adoption.testId);
    if (!test)
      throw new InputError(
        'adopt',
        (n) =>
          `${n('adopt')} ${run.name(document.uri)}=${adoption.testId}: the account has no test ` +
          `${adoption.testId} that no document is bound to`,
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
  /** Replaces and deletes of tests no apply from here created: they need allowReplace. */
  unowned: DeployRun['plan']['steps'];
  /** A journal committed to the working tree, ignored (for the front door to say so). */
  ignoredJournal?: string;
}

/** What plan shows and apply does, computed the same way for both (`env` names the state folder). */
export function prepareRun(
  opened: DeployRun,
  adoptions: readonly Adoption[],
  where: { cwd: string; env: NodeJS.ProcessEnv },
): PreparedRun {
  const journal = new JournalFile(journalPath(where.env, opened.account));
  const bindings = plannedBindings(opened, journal.read(), adoptions);
  const run = withBindings(opened, bindings);
  const ignored = repositoryJournalIn(where.cwd);
  return {
    run,
    journal,
    bindings,
    unowned: unownedRemovals(run.plan, journal.read()),
    ...(ignored === undefined ? {} : { ignoredJournal: ignored }),
  };
}
