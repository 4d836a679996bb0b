// `netmon apply <folder|file|glob>… [--yes]`: plans, then (confirmed) creates, updates and
// deletes tests and writes each binding into its document as it goes, byte for byte
// elsewhere. Without --yes and without a terminal to ask, it prints the plan as JSON and
// exits 2 having changed nothing. Safe to re-run after a failure halfway: finished steps
// are bound already, and a create whose answer was lost is found again (apply-journal, kept
// outside the working tree: apply-state.ts). A document named like a deployed test it is not
// bound to is a conflict until adopted (--adopt); replacing or deleting a test no apply from
// here created needs --allow-replace.
import { terminalSafe } from '../analysis/text/untrusted';
import { bindingLines, isDestructive, isDestructiveEndpointStep, planSummary, type PlannedBinding } from '../documents';
import { applyPrepared, type ApplyOutcome } from '../workflows/apply';
import { endpointRemovals, endpointSteps, totalSteps, type DeployRun } from '../workflows/deploy-run';
import { deployPlanJson, deployPlanText, endpointRemovalLines } from './deploy-plan';
import { ACCOUNT_USAGE, takeAccountFlags, UsageError } from './account';
import { prepareRun, STATE_USAGE, takeAdoptions, unownedLines } from './apply-state';
import { INCLUDE_EXAMPLES_FLAG, INCLUDE_EXAMPLES_USAGE, openDeployRun } from './deploy-run';
import { processIo, reportFailure, type CliIo } from './io';
import { ciJson } from './ci-safe';

export const APPLY_USAGE =
  `usage: netmon apply <folders, files or globs of *.netmon-test.json, ` +
  `*.netmon-endpoint-test.json, *.netmon-alert-rule.json, *.netmon-alert-suppression-window.json>… ` +
  `[--yes] [--allow-replace] [--adopt <document>=<testId>]… ` +
  `[--json] [account]
  Plans as netmon plan does, then applies: creates, updates, replaces and deletes tests (the
  enterprise ones first, then the endpoint ones) and records each new test id in its document
  ("deployments"), changing nothing else in it; then the alert rules, then the suppression windows.
  Without --yes it asks on the terminal; with no terminal it prints the plan as JSON and
  exits 2 without changing anything. After a failure, run it again: it resumes.
${ACCOUNT_USAGE}
  --yes            apply without asking
  --allow-replace  also replace or delete tests (endpoint tests too) that netmon apply did not
                   create from this machine (a binding that came with a document is not proof
                   the test is its)
  --json           print the plan and the outcome as JSON on stdout
${INCLUDE_EXAMPLES_USAGE}
${STATE_USAGE}
  Exit code: 0 applied (or nothing to do), 1 a step failed (re-run to resume),
  2 not applied (not confirmed, conflicts, --allow-replace missing, usage, invalid documents, connection).`;

export interface ApplyArgs {
  patterns: string[];
  yes: boolean;
  json: boolean;
  allowReplace: boolean;
  adoptions: { path: string; testId: number }[];
}

export async function runApply(args: readonly string[], io: CliIo = processIo()): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(APPLY_USAGE);
    return 0;
  }
  let run: DeployRun;
  let parsed: ApplyArgs;
  try {
    const { flags, rest } = takeAccountFlags(args);
    const { adoptions, rest: others } = takeAdoptions(rest, io.cwd);
    const options = ['--yes', '--json', '--allow-replace', INCLUDE_EXAMPLES_FLAG];
    parsed = {
      yes: others.includes('--yes'),
      json: others.includes('--json'),
      allowReplace: others.includes('--allow-replace'),
      adoptions,
      patterns: others.filter((a) => !options.includes(a)),
    };
    const unknown = parsed.patterns.find((arg) => arg.startsWith('-'));
    if (unknown) throw new UsageError(`unknown option ${unknown}`);
    run = await openDeployRun(parsed.patterns, flags, io, others.includes(INCLUDE_EXAMPLES_FLAG));
  } catch (error) {
    return reportFailure('apply', error, APPLY_USAGE, io);
  }
  try {
    return await applyRun(run, parsed, io);
  } catch (error) {
    return reportFailure('apply', error, APPLY_USAGE, io);
  } finally {
    await run.account.close();
  }
}

export async function applyRun(opened: DeployRun, args: ApplyArgs, io: CliIo): Promise<number> {
  const prepared = prepareRun('apply', opened, args.adoptions, io);
  const { run, journal, bindings, unowned } = prepared;
  const removals = endpointRemovals(run, journal.read());
  const shown = (): string =>
    [
      ...bindingLines(bindings, run.name),
      deployPlanText(run),
      ...unownedLines(unowned, args.allowReplace),
      ...endpointRemovalLines(removals, args.allowReplace),
    ].join('\n');
  const total = totalSteps(run);
  const outcome = await applyPrepared(prepared, {
    allowReplace: args.allowReplace,
    confirm: () => (args.yes ? Promise.resolve(true) : confirmed(run, shown(), bindings.length, io)),
    onBinding: (binding) => io.stderr(bindingLine(run, binding)),
    onProgress: (done, _total, step) =>
      io.stderr(
        `${done}/${total} ${step.action} "${terminalSafe(step.testName)}"` +
          `${step.testId === undefined ? '' : ` (test ${step.testId})`}`,
      ),
  });
  return said(outcome, run, shown, args, io);
}

/** The outcome as `netmon apply` says it, and its exit code. */
function said(outcome: ApplyOutcome, run: DeployRun, shown: () => string, args: ApplyArgs, io: CliIo): number {
  switch (outcome.kind) {
    case 'invalid':
    case 'conflicts':
      io.stdout(shown());
      io.stderr(
        outcome.kind === 'invalid'
          ? `netmon apply: ${outcome.documents} document(s) are invalid; nothing was applied. Run netmon validate ` +
              `on them.`
          : `netmon apply: ${outcome.conflicts} conflict(s); nothing was applied. Adopt each deployed test its ` +
              `document manages (--adopt <document>=<testId>) or rename the document's test.`,
      );
      return 2;
    case 'not-ours':
      io.stdout(shown());
      io.stderr(
        `netmon apply: not applied: ${outcome.steps} replace or delete of a test netmon apply did not create from ` +
          `this machine (or of an endpoint test); check the plan and pass --allow-replace to allow it.`,
      );
      return 2;
    case 'nothing':
      if (args.json) io.stdout(ciJson({ target: run.account.label, ...deployPlanJson(run), applied: [] }));
      else
        io.stdout(
          [
            'No changes: the documents match what is deployed.',
            ...(run.endpoint.leftOut ? [run.endpoint.leftOut] : []),
            ...(run.rules.leftOut ? [run.rules.leftOut] : []),
            ...(run.windows.leftOut ? [run.windows.leftOut] : []),
          ].join('\n'),
        );
      return 0;
    case 'declined': {
      if (!io.ask) io.stdout(ciJson({ target: run.account.label, confirmed: false, ...deployPlanJson(run) }));
      const endpoint = endpointSteps(run).length;
      io.stderr(
        (
          `netmon apply: not applied (${planSummary(run.plan)}` +
          `${endpoint > 0 ? ` and ${endpoint} endpoint step(s)` : ''}). ` +
          `${io.ask ? '' : 'No terminal to ask: pass --yes to apply.'}`
        ).trim(),
      );
      return 2;
    }
    case 'applied':
      return report(run, outcome, args.json, io);
  }
}

async function confirmed(run: DeployRun, shown: string, bindings: number, io: CliIo): Promise<boolean> {
  if (!io.ask) return false;
  io.stderr(shown);
  const destructive =
    run.plan.steps.filter(isDestructive).length + endpointSteps(run).filter(isDestructiveEndpointStep).length;
  const binds = bindings > 0 ? `, binding ${bindings} document(s)` : '';
  return io.ask(
    `Apply these ${totalSteps(run)} changes${binds}` +
      `${destructive > 0 ? `, deleting ${destructive} deployed test(s)` : ''}?`,
  );
}

function bindingLine(run: DeployRun, binding: PlannedBinding): string {
  return binding.why === 'recovered'
    ? `Recovered: "${terminalSafe(binding.testName)}" was created as test ${binding.testId} by an interrupted ` +
        `apply; ${run.name(binding.uri)} is now bound to it.`
    : `Adopted: ${run.name(binding.uri)} is now bound to test ${binding.testId} ("${terminalSafe(binding.testName)}").`;
}

function report(run: DeployRun, outcome: Extract<ApplyOutcome, { kind: 'applied' }>, json: boolean, io: CliIo): number {
  const { applied, failed } = outcome;
  const kinds = { endpoint: 'endpoint ', rule: 'alert rule ', window: 'suppression window ', test: '' } as const;
  const kind = failed ? kinds[failed.kind] : '';
  const failure =
    failed &&
    `${failed.action} of ${kind}"${terminalSafe(failed.testName)}" failed: ` +
      `${terminalSafe(failed.error instanceof Error ? failed.error.message : String(failed.error))}`;
  if (json) io.stdout(ciJson({ target: run.account.label, applied, ...(failure ? { failed: failure } : {}) }));
  if (failure) {
    io.stderr(
      `netmon apply: ${applied.length} of ${totalSteps(run)} steps applied; then ${failure}. Finished steps are ` +
        `recorded in their documents: run netmon apply again to resume.`,
    );
    return 1;
  }
  const leftOut = [run.endpoint.leftOut, run.rules.leftOut, run.windows.leftOut]
    .map((line) => (line ? ` ${line}` : ''))
    .join('');
  io.stderr(
    `netmon apply: ${applied.length} step${applied.length === 1 ? '' : 's'} applied to ` +
      `${terminalSafe(run.account.label)}.${leftOut}`,
  );
  return 0;
}
