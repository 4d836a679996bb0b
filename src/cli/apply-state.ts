// What `netmon plan` and `netmon apply` say about what they remember between runs: --adopt, the
// warning about a journal committed to the working tree, and the steps that need
// --allow-replace. The journal and the bindings themselves are src/workflows/apply-state.ts.
import { resolve } from 'node:path';
import { quotedTestName } from '../documents';
import type { DeployRun } from '../workflows/deploy-run';
import {
  prepareRun as prepare,
  repositoryJournalIn,
  stateDirectory,
  type Adoption,
  type PreparedRun,
} from '../workflows/apply-state';
import { UsageError } from './flags';
import type { CliIo } from './io';

export const STATE_USAGE =
  `  --adopt <document>=<testId>  bind this document to that deployed test ` +
  `(a test of its name that no
                   document is bound to is a conflict until adopted; repeat for several)
  The journal of applies lives outside the working tree: NETMON_STATE_DIR, else
  $XDG_STATE_HOME/netmon, else ~/.local/state/netmon (one file per service and account group).`;

/** `--adopt doc=id` values, resolved against the working directory. */
export function takeAdoptions(rest: readonly string[], cwd: string): { adoptions: Adoption[]; rest: string[] } {
  const adoptions: Adoption[] = [];
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

/** The run prepared for plan or apply, saying once that a journal committed to the working tree is not read. */
export function prepareRun(command: string, opened: DeployRun, adoptions: readonly Adoption[], io: CliIo): PreparedRun {
  const ignored = repositoryJournalIn(io.cwd);
  if (ignored !== undefined) {
    io.stderr(
      `netmon ${command}: warning: ignoring ${ignored} in the working tree; the apply journal is kept in ` +
        `${stateDirectory(io.env)} (a repository must not choose which test a document takes over)`,
    );
  }
  return prepare(opened, adoptions, io);
}

export function unownedLines(unowned: PreparedRun['unowned'], allowed: boolean): string[] {
  if (unowned.length === 0) return [];
  return [
    '',
    `${allowed ? 'Allowed by --allow-replace' : 'Needs --allow-replace (beyond --yes)'}: ` +
      `${unowned.length === 1 ? 'this test was' : 'these tests were'} not created by netmon apply from this ` +
      `machine:`,
    ...unowned.map(
      (step) => `  ${step.action} ${quotedTestName(step.testName)}${'testId' in step ? ` (test ${step.testId})` : ''}`,
    ),
  ];
}
