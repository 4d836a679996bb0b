// `netmon plan <folder|file|glob>…`: the field-level plan between the test documents and
// what the account has deployed, as text or (--json) as data. Exit code 0 when there is
// nothing to change, 1 when there are changes, 2 when it could not plan (usage, invalid
// documents, connection), like `terraform plan -detailed-exitcode` with 1 and 2 swapped
// so that "changes" is the first non-zero answer; a conflict (a document named like a deployed
// test no document is bound to) is 2 too, since apply would refuse it. Plan shows every binding
// apply would make and every replace or delete that needs --allow-replace.
import { endpointRemovals, skippedDocuments, totalSteps, type DeployRun } from '../workflows/deploy-run';
import { deployPlanJson, deployPlanText, endpointRemovalLines } from './deploy-plan';
import { ACCOUNT_USAGE, takeAccountFlags, UsageError } from './account';
import { INCLUDE_EXAMPLES_FLAG, INCLUDE_EXAMPLES_USAGE, leftOutLine, openDeployRun } from './deploy-run';
import { processIo, reportFailure, type CliIo } from './io';
import { prepareRun, STATE_USAGE, takeAdoptions, unownedLines } from './apply-state';
import { ciJson } from './ci-safe';
import { bindingLines } from '../documents';

export const PLAN_USAGE =
  `usage: netmon plan <folders, files or globs of *.netmon-test.json, ` +
  `*.netmon-endpoint-test.json, *.netmon-alert-rule.json, *.netmon-alert-suppression-window.json>… [--json] [account]
  Compares the documents with the tests the account has deployed and prints what apply
  would do: create, update (field: old → new), replace, delete (markedForDeletion), and
  the deployed tests no document manages (left alone). Endpoint test, alert rule and suppression
  window documents plan against the account's (v7; on v6 they are left out, saying so). A test
  document's alertRules (rule names or ids) is planned as the rules' tests.
${ACCOUNT_USAGE}
  --json           the plan as JSON on stdout
${INCLUDE_EXAMPLES_USAGE}
${STATE_USAGE}
  Exit code: 0 no changes, 1 changes, 2 could not plan or apply would refuse (usage, invalid
  documents, conflicts, connection).`;

export async function runPlan(args: readonly string[], io: CliIo = processIo()): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(PLAN_USAGE);
    return 0;
  }
  let opened: DeployRun;
  let json = false;
  let adoptions: ReturnType<typeof takeAdoptions>['adoptions'];
  try {
    const { flags, rest } = takeAccountFlags(args);
    json = rest.includes('--json');
    const taken = takeAdoptions(rest, io.cwd);
    adoptions = taken.adoptions;
    const patterns = taken.rest.filter(
      (arg) => arg !== '--json' && arg !== '--allow-replace' && arg !== INCLUDE_EXAMPLES_FLAG,
    );
    const unknown = patterns.find((arg) => arg.startsWith('-'));
    if (unknown) throw new UsageError(`unknown option ${unknown}`);
    opened = await openDeployRun(patterns, flags, io, taken.rest.includes(INCLUDE_EXAMPLES_FLAG));
  } catch (error) {
    return reportFailure('plan', error, PLAN_USAGE, io);
  }
  try {
    const { run, bindings, unowned, journal } = prepareRun('plan', opened, adoptions, io);
    const removals = endpointRemovals(run, journal.read());
    const { plan } = run;
    if (json) {
      io.stdout(
        ciJson({
          target: run.account.label,
          ...deployPlanJson(run),
          excluded: opened.excluded.map(run.name),
          bindings: bindings.map((b) => ({
            document: run.name(b.uri),
            testId: b.testId,
            testName: b.testName,
            why: b.why,
          })),
          needsAllowReplace: [
            ...unowned.map((step) => ({
              kind: 'test',
              action: step.action,
              testName: step.testName,
              ...('testId' in step ? { testId: step.testId } : {}),
            })),
            ...removals.map((step) => ({
              kind: 'endpoint',
              action: step.action,
              testName: step.testName,
              ...('testId' in step ? { testId: step.testId } : {}),
            })),
          ],
        }),
      );
    } else {
      io.stdout(
        [
          ...bindingLines(bindings, run.name),
          deployPlanText(run),
          ...unownedLines(unowned, false),
          ...endpointRemovalLines(removals, false),
          ...leftOutLine(opened),
        ].join('\n'),
      );
    }
    const skipped = skippedDocuments(run);
    if (skipped > 0) {
      io.stderr(
        `netmon plan: ${skipped} document${skipped === 1 ? ' is' : 's are'} invalid and left out; run netmon ` +
          `validate on them`,
      );
      return 2;
    }
    if (plan.conflicts.length > 0) {
      io.stderr(
        `netmon plan: ${plan.conflicts.length} conflict${plan.conflicts.length === 1 ? '' : 's'}: apply will refuse ` +
          `until each is adopted (--adopt) or renamed`,
      );
      return 2;
    }
    return totalSteps(run) === 0 && bindings.length === 0 ? 0 : 1;
  } catch (error) {
    return reportFailure('plan', error, PLAN_USAGE, io);
  } finally {
    await opened.account.close();
  }
}
