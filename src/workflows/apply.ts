// Applying a prepared deploy run (src/workflows/apply-state.ts): the refusals first (invalid
// documents, name conflicts, tests not ours without allowReplace), then, once confirmed, the
// bindings the plan showed, the enterprise steps and the endpoint steps, each binding written
// into its document as it goes and journaled, so that applying again after a failure resumes.
// `netmon apply` and the apply_documents tool both run it; each says the outcome its own way.
import { readFileSync } from 'node:fs';
import {
  applyRuleSteps,
  applyWindowSteps,
  applyEndpointSteps,
  applyPlan,
  removeBinding,
  setBinding,
  testRequestTarget,
  type PlanExecutor,
  type PlannedBinding,
} from '../documents';
import { writeFileSafely } from '../files/safe-write';
import { journaledEndpointBind, journaledExecutor, type JournalFile } from '../state/apply-journal-file';
import { ruleSteps, windowSteps } from './alert-rules';
import type { PreparedRun } from './apply-state';
import { endpointRemovals, endpointSteps, skippedDocuments, totalSteps, type DeployRun } from './deploy-run';

export interface ApplyChoices {
  /** Replace or delete tests (endpoint tests too) that no apply from here created. */
  allowReplace: boolean;
  /** Asked once, after the refusals and before anything changes; false changes nothing. */
  confirm(): Promise<boolean>;
  /** A binding the plan showed (recovered create, adoption), written before any step. */
  onBinding?(binding: PlannedBinding): void;
  onProgress?(done: number, total: number, step: { action: string; testName: string; testId?: number }): void;
}

export interface AppliedStep {
  kind: 'test' | 'endpoint' | 'rule' | 'window';
  action: string;
  /** The document's name as the run shows it; null for a delete of a test no document names. */
  document: string | null;
  testName: string;
}

export interface ApplyFailure {
  kind: 'test' | 'endpoint' | 'rule' | 'window';
  action: string;
  testName: string;
  error: unknown;
}

export type ApplyOutcome =
  | { kind: 'invalid'; documents: number }
  | { kind: 'conflicts'; conflicts: number }
  /** Replaces or deletes of tests not ours, and allowReplace was not given. */
  | { kind: 'not-ours'; steps: number }
  | { kind: 'nothing' }
  | { kind: 'declined' }
  | { kind: 'applied'; applied: AppliedStep[]; failed?: ApplyFailure };

export async function applyPrepared(prepared: PreparedRun, choices: ApplyChoices): Promise<ApplyOutcome> {
  const { run, journal, bindings, unowned } = prepared;
  const { plan } = run;
  const skipped = skippedDocuments(run);
  if (skipped > 0) return { kind: 'invalid', documents: skipped };
  if (plan.conflicts.length > 0) return { kind: 'conflicts', conflicts: plan.conflicts.length };
  const removals = endpointRemovals(run, journal.read());
  if (unowned.length + removals.length > 0 && !choices.allowReplace)
    return { kind: 'not-ours', steps: unowned.length + removals.length };
  if (totalSteps(run) === 0 && bindings.length === 0) return { kind: 'nothing' };
  if (!(await choices.confirm())) return { kind: 'declined' };
  writeBindings(run, bindings, journal, choices);
  const total = totalSteps(run);
  const created = new Map<string, number>();
  const result = await applyPlan(plan, executor(run, journal, created), {
    confirmDestructive: () => Promise.resolve(true),
    onProgress: (done, _total, step) =>
      choices.onProgress?.(done, total, { ...step, testId: 'testId' in step ? step.testId : undefined }),
  });
  const endpoint = result.failed
    ? undefined
    : await applyEndpointSteps(endpointSteps(run), run.account.client, {
        call: run.account.requestAid === undefined ? {} : { aid: run.account.requestAid },
        allowDestructive: true,
        bind: journaledEndpointBind(
          (uri, testId) => {
            bindDocument(uri, run, testId);
            return Promise.resolve();
          },
          journal,
          endpointSteps(run),
        ),
        onProgress: (done, _total, step) =>
          choices.onProgress?.(result.completed.length + done, total, {
            ...step,
            testId: 'testId' in step ? step.testId : undefined,
          }),
      });
  // Alert rules last: the tests they watch exist by then.
  const rules =
    result.failed || endpoint?.failed
      ? undefined
      : await applyRuleSteps(ruleSteps(run), run.account.client, {
          ...(run.account.requestAid === undefined ? {} : { aid: run.account.requestAid }),
          createdTest: (uri) => created.get(uri),
          onProgress: (done, step) =>
            choices.onProgress?.(result.completed.length + (endpoint?.completed.length ?? 0) + done, total, {
              action: step.action,
              testName: step.ruleName,
            }),
        });
  // Suppression windows after the rules: the tests they name exist by then (a new one by its create's id).
  const windows =
    !rules || rules.failed
      ? undefined
      : await applyWindowSteps(windowSteps(run), run.account.client, {
          ...(run.account.requestAid === undefined ? {} : { aid: run.account.requestAid }),
          createdTest: (uri) => created.get(uri),
        });
  const applied: AppliedStep[] = [
    ...result.completed.map((step) => ({
      kind: 'test' as const,
      action: step.action,
      document: step.uri === undefined ? null : run.name(step.uri),
      testName: step.testName,
    })),
    ...(endpoint?.completed ?? []).map((step) => ({
      kind: 'endpoint' as const,
      action: step.action,
      document: run.name(step.uri),
      testName: step.testName,
    })),
    ...(rules?.completed ?? []).map((step) => ({
      kind: 'rule' as const,
      action: step.action,
      document: run.name(step.uri),
      testName: step.ruleName,
    })),
    ...(windows?.completed ?? []).map((step) => ({
      kind: 'window' as const,
      action: step.action,
      document: run.name(step.uri),
      testName: step.name,
    })),
  ];
  // Each part runs only when every step before it went through: one failure at most.
  const failure = result.failed ?? endpoint?.failed;
  const failed: ApplyFailure | undefined = failure
    ? {
        kind: result.failed ? 'test' : 'endpoint',
        action: failure.step.action,
        testName: failure.step.testName,
        error: failure.error,
      }
    : rules?.failed
      ? {
          kind: 'rule',
          action: rules.failed.step.action,
          testName: rules.failed.step.ruleName,
          error: rules.failed.error,
        }
      : windows?.failed && {
          kind: 'window',
          action: windows.failed.step.action,
          testName: windows.failed.step.name,
          error: windows.failed.error,
        };
  return { kind: 'applied', applied, ...(failed ? { failed } : {}) };
}

/** The bindings the plan showed (recovered creates, adoptions), written before any step runs. */
function writeBindings(
  run: DeployRun,
  bindings: readonly PlannedBinding[],
  journal: JournalFile,
  choices: ApplyChoices,
): void {
  for (const binding of bindings) {
    bindDocument(binding.uri, run, binding.testId);
    journal.bound(binding.uri, binding.testId, binding.why === 'recovered');
    choices.onBinding?.(binding);
  }
  journal.clearPending();
}

/** `created`: each document's test as the apply bound it (a rule or window that names the test needs its id). */
function executor(run: DeployRun, journal: JournalFile, created: Map<string, number>): PlanExecutor {
  const { client, requestAid } = run.account;
  const options = requestAid === undefined ? {} : { aid: requestAid };
  return journaledExecutor(
    {
      create: async (request) => {
        const testId = (await client.createTest(testRequestTarget(request).type, request.body, options)).testId;
        if (testId === undefined)
          throw new Error(`creating "${request.body.testName}": the service answered without a testId`);
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
        if (testId === undefined) created.delete(uri);
        else created.set(uri, testId);
        return Promise.resolve();
      },
    },
    journal,
    { plan: run.plan, deployed: run.deployed, typeOf: (request) => testRequestTarget(request).type },
  );
}

function bindDocument(uri: string, run: DeployRun, testId: number | undefined): void {
  const text = readFileSync(uri, 'utf8');
  const { serviceKey, aidKey } = run.account;
  const next =
    testId === undefined ? removeBinding(text, serviceKey, aidKey) : setBinding(text, serviceKey, aidKey, testId);
  if (next !== text) writeFileSafely(uri, next, { overwrite: true });
}
