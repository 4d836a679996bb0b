// `netmon plan <folder|file|glob>…`: the field-level plan between the test documents and
// what the account has deployed, as text or (--json) as data. Exit code 0 when there is
// nothing to change, 1 when there are changes, 2 when it could not plan (usage, invalid
// documents, connection), like `terraform plan -detailed-exitcode` with 1 and 2 swapped
// so that "changes" is the first non-zero answer.
import { terminalSafe } from '../analysis/text/untrusted';
import { planJson, renderPlan } from '../documents';
import { ACCOUNT_USAGE, takeAccountFlags, UsageError } from './account';
import { openDeployRun, type CliIo, type DeployRun } from './deploy-run';
import { processIo, reportFailure } from './io';
import { ciJson } from './ci-safe';

export const PLAN_USAGE = `usage: netmon plan <folders, files or globs of *.netmon-test.json>… [--json] [account]
  Compares the documents with the tests the account has deployed and prints what apply
  would do: create, update (field: old → new), replace, delete (markedForDeletion), and
  the deployed tests no document manages (left alone).
${ACCOUNT_USAGE}
  --json           the plan as JSON on stdout
  Exit code: 0 no changes, 1 changes, 2 could not plan (usage, invalid documents, connection).`;

export async function runPlan(args: readonly string[], io: CliIo = processIo()): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) { io.stdout(PLAN_USAGE); return 0; }
  let run: DeployRun;
  let json = false;
  try {
    const { flags, rest } = takeAccountFlags(args);
    json = rest.includes('--json');
    const patterns = rest.filter((arg) => arg !== '--json');
    const unknown = patterns.find((arg) => arg.startsWith('-'));
    if (unknown) throw new UsageError(`unknown option ${unknown}`);
    run = await openDeployRun(patterns, flags, io);
  } catch (error) {
    return reportFailure('plan', error, PLAN_USAGE, io);
  }
  try {
    const { plan } = run;
    if (json) io.stdout(ciJson({ target: run.account.label, ...planJson(plan, run.name) }));
    else io.stdout(renderPlan(plan, terminalSafe(run.account.label), run.name).trimEnd());
    if (plan.skipped.length > 0) {
      io.stderr(`netmon plan: ${plan.skipped.length} document${plan.skipped.length === 1 ? ' is' : 's are'} invalid and left out; run netmon validate on them`);
      return 2;
    }
    return plan.steps.length === 0 ? 0 : 1;
  } finally {
    await run.account.close();
  }
}
