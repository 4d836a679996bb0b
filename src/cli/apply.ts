// `netmon apply <folder|file|glob>… [--yes]`: plans, then (confirmed) creates, updates and
// deletes tests and writes each binding into its document as it goes, byte for byte
// elsewhere. Without --yes and without a terminal to ask, it prints the plan as JSON and
// exits 2 having changed nothing. Safe to re-run after a failure halfway: finished steps
// are bound already, and a create whose answer was lost is found again (apply-journal).
import { mkdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { terminalSafe } from '../analysis/text/untrusted';
import {
  applyPlan, isDestructive, parseJournal, planJson, planSummary, recoverCreates, removeBinding, renderPlan, setBinding, testRequestTarget,
  type ApplyJournal, type ApplyResult, type PlanExecutor,
} from '../documents';
import { ACCOUNT_USAGE, takeAccountFlags, UsageError } from './account';
import { openDeployRun, planFor, type CliIo, type DeployRun } from './deploy-run';
import { processIo, reportFailure } from './io';
import { writeOutputFile } from './output-file';

export const APPLY_USAGE = `usage: netmon apply <folders, files or globs of *.netmon-test.json>… [--yes] [--json] [account]
  Plans as netmon plan does, then applies: creates, updates, replaces and deletes tests and
  records each new test id in its document ("deployments"), changing nothing else in it.
  Without --yes it asks on the terminal; with no terminal it prints the plan as JSON and
  exits 2 without changing anything. After a failure, run it again: it resumes.
${ACCOUNT_USAGE}
  --yes            apply without asking (deletes and replaces included)
  --json           print the plan and the outcome as JSON on stdout
  Exit code: 0 applied (or nothing to do), 1 a step failed (re-run to resume),
  2 not applied (not confirmed, usage, invalid documents, connection).
  A create in flight is noted in .netmon/apply-journal.json under the working directory.`;

const JOURNAL = join('.netmon', 'apply-journal.json');

interface ApplyArgs { patterns: string[]; yes: boolean; json: boolean }

export async function runApply(args: readonly string[], io: CliIo = processIo()): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) { io.stdout(APPLY_USAGE); return 0; }
  let run: DeployRun;
  let parsed: ApplyArgs;
  try {
    const { flags, rest } = takeAccountFlags(args);
    parsed = { yes: rest.includes('--yes'), json: rest.includes('--json'), patterns: rest.filter((a) => a !== '--yes' && a !== '--json') };
    const unknown = parsed.patterns.find((arg) => arg.startsWith('-'));
    if (unknown) throw new UsageError(`unknown option ${unknown}`);
    run = await openDeployRun(parsed.patterns, flags, io);
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

async function applyRun(run: DeployRun, args: ApplyArgs, io: CliIo): Promise<number> {
  const journal = new JournalFile(resolve(io.cwd, JOURNAL));
  run = recover(run, journal, io);
  const { plan } = run;
  if (plan.skipped.length > 0) {
    io.stdout(renderPlan(plan, terminalSafe(run.account.label), run.name).trimEnd());
    io.stderr(`netmon apply: ${plan.skipped.length} document(s) are invalid; nothing was applied. Run netmon validate on them.`);
    return 2;
  }
  if (plan.steps.length === 0) {
    if (args.json) io.stdout(JSON.stringify({ target: run.account.label, ...planJson(plan, run.name), applied: [] }, null, 2));
    else io.stdout('No changes: the documents match what is deployed.');
    return 0;
  }
  if (!args.yes && !(await confirmed(run, io))) {
    if (!io.ask) io.stdout(JSON.stringify({ target: run.account.label, confirmed: false, ...planJson(plan, run.name) }, null, 2));
    io.stderr(`netmon apply: not applied (${planSummary(plan)}). ${io.ask ? '' : 'No terminal to ask: pass --yes to apply.'}`.trim());
    return 2;
  }
  const result = await applyPlan(plan, executor(run, journal), {
    confirmDestructive: () => Promise.resolve(true),
    onProgress: (done, total, step) => io.stderr(`${done}/${total} ${step.action} "${terminalSafe(step.testName)}"${'testId' in step ? ` (test ${step.testId})` : ''}`),
  });
  return report(run, result, args.json, io);
}

async function confirmed(run: DeployRun, io: CliIo): Promise<boolean> {
  if (!io.ask) return false;
  io.stderr(renderPlan(run.plan, terminalSafe(run.account.label), run.name).trimEnd());
  const destructive = run.plan.steps.filter(isDestructive).length;
  return io.ask(`Apply these ${run.plan.steps.length} changes${destructive > 0 ? `, deleting ${destructive} deployed test(s)` : ''}?`);
}

/** Binds the tests an interrupted run created but could not record, then plans again. */
function recover(run: DeployRun, journal: JournalFile, io: CliIo): DeployRun {
  const recovered = recoverCreates(run.plan, journal.read());
  for (const found of recovered) {
    bindDocument(found.uri, run, found.testId);
    io.stderr(`Recovered: "${terminalSafe(found.testName)}" was created as test ${found.testId} by an interrupted apply; ${run.name(found.uri)} is now bound to it.`);
  }
  journal.write({ version: 1, pending: [] });
  if (recovered.length === 0) return run;
  const documents = run.documents.map((d) => ({ uri: d.uri, text: readFileSync(d.uri, 'utf8') }));
  return { ...run, documents, plan: planFor(run.account, documents, run.deployed, run.agents) };
}

function executor(run: DeployRun, journal: JournalFile): PlanExecutor {
  const { client, requestAid } = run.account;
  const options = requestAid === undefined ? {} : { aid: requestAid };
  return {
    create: async (request) => {
      const { type } = testRequestTarget(request);
      const uri = run.plan.steps.find((s) => s.action !== 'delete' && s.request === request)?.uri ?? '';
      const { testName } = request.body;
      const existingTestIds = run.deployed.filter((t) => t.type === type && t.testName === testName).map((t) => t.testId);
      journal.add({ uri, type, testName, existingTestIds });
      const testId = (await client.createTest(type, request.body, options)).testId;
      if (testId === undefined) throw new Error(`creating "${request.body.testName}": the service answered without a testId`);
      return testId;
    },
    update: async (request) => {
      const { type, testId } = testRequestTarget(request);
      await client.updateTest(type, testId, request.body, options);
    },
    delete: async (request) => {
      const { type, testId } = testRequestTarget(request);
      await client.deleteTest(type, testId, options);
    },
    bind: (uri, testId) => {
      bindDocument(uri, run, testId);
      journal.remove(uri);
      return Promise.resolve();
    },
  };
}

function bindDocument(uri: string, run: DeployRun, testId: number | undefined): void {
  const text = readFileSync(uri, 'utf8');
  const { serviceKey, aidKey } = run.account;
  const next = testId === undefined ? removeBinding(text, serviceKey, aidKey) : setBinding(text, serviceKey, aidKey, testId);
  if (next !== text) writeOutputFile(uri, next, { force: true });
}

function report(run: DeployRun, result: ApplyResult, json: boolean, io: CliIo): number {
  const applied = result.completed.map((step) => ({ action: step.action, document: step.uri === undefined ? null : run.name(step.uri), testName: step.testName }));
  const failure = result.failed && `${result.failed.step.action} of "${terminalSafe(result.failed.step.testName)}" failed: ${terminalSafe(result.failed.error instanceof Error ? result.failed.error.message : String(result.failed.error))}`;
  if (json) io.stdout(JSON.stringify({ target: run.account.label, applied, ...(failure ? { failed: failure } : {}) }, null, 2));
  if (failure) {
    io.stderr(`netmon apply: ${applied.length} of ${run.plan.steps.length} steps applied; then ${failure}. Finished steps are recorded in their documents: run netmon apply again to resume.`);
    return 1;
  }
  io.stderr(`netmon apply: ${applied.length} step${applied.length === 1 ? '' : 's'} applied to ${terminalSafe(run.account.label)}.`);
  return 0;
}

/** The journal of creates in flight; written before each create, cleared once it is bound. */
class JournalFile {
  private journal: ApplyJournal | undefined;
  constructor(private readonly path: string) {}

  read(): ApplyJournal {
    let text: string | undefined;
    try { text = readFileSync(this.path, 'utf8'); } catch { text = undefined; }
    this.journal = parseJournal(text);
    return this.journal;
  }

  add(entry: ApplyJournal['pending'][number]): void {
    this.write({ version: 1, pending: [...(this.journal ?? this.read()).pending, entry] });
  }

  remove(uri: string): void {
    const pending = (this.journal ?? this.read()).pending;
    if (pending.some((p) => p.uri === uri)) this.write({ version: 1, pending: pending.filter((p) => p.uri !== uri) });
  }

  write(journal: ApplyJournal): void {
    this.journal = journal;
    if (journal.pending.length === 0) {
      rmSync(this.path, { force: true });
      try { rmdirSync(dirname(this.path)); } catch { /* not empty (agents.json lives there too) or gone */ }
      return;
    }
    mkdirSync(dirname(this.path), { recursive: true });
    writeOutputFile(this.path, `${JSON.stringify(journal, null, 2)}\n`, { force: true });
  }
}
