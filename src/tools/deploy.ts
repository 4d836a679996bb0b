// The agent tools that deploy documents. plan_documents plans the workspace's test and endpoint
// test documents against the account as `netmon plan` does (the same reading, deployed tests,
// agents, journal and both plans: src/workflows/deploy-run.ts); apply_documents applies them,
// with writes allowed, by the same apply as `netmon apply` (src/workflows/apply.ts: its journal,
// bindings and refusals). Both change only tests that are ours (src/documents/ours.ts), endpoint
// tests included, and create alert rules but never change one (deploy-steps.ts), in netmon mcp and in VS Code.
import { OURS_RULE } from '../documents';
import { applyPrepared, type AppliedStep, type ApplyOutcome } from '../workflows/apply';
import { prepareRun, type PreparedRun } from '../workflows/apply-state';
import { DEPLOY_GLOB, planDeployRun, readTestDocuments, type DeployRun } from '../workflows/deploy-run';
import { displayPath } from '../workflows/files';
import { InputError } from '../workflows/input-error';
import { capList, omittedNote } from './bound';
import {
  counts,
  documentsWord,
  endpointSummary,
  kindWord,
  MAX_STEPS,
  notOurs,
  notOursList,
  notOursWhat,
  notOursWhy,
  ruleSummary,
  stepData,
  stepLine,
  stepViews,
  windowSummary,
  type Kind,
} from './deploy-steps';
import { documentFiles, PATTERNS } from './documents';
import { fenced, outside } from './fence';
import { ToolInputError, type ToolContext, type ToolDefinition } from './types';

const USER_APPLIES =
  'the user can apply it with netmon apply in a terminal or "Netmon: Apply Test Documents…" in VS Code, where they ' +
  'see and confirm each step';

/** The deploy run over the context's account (which stays open: the caller owns it). */
async function deployRun(ctx: ToolContext, patterns: readonly string[]): Promise<DeployRun> {
  await documentFiles(ctx, patterns, DEPLOY_GLOB);
  try {
    const read = await readTestDocuments(patterns, ctx.cwd);
    return planDeployRun(ctx.account, read, (uri) => outside(displayPath(uri, ctx.cwd), 300));
  } catch (error) {
    // The tools have no includeExamples: naming the example folder itself is the way in.
    if (error instanceof InputError && error.field === 'includeExamples')
      throw new ToolInputError('only documents in example folders matched; name such a folder itself to plan it');
    throw error;
  }
}

/**
 * The run prepared as `netmon plan` and `netmon apply` prepare it, in the workspace folder (and the state folder of
 * this process).
 */
function prepared(ctx: ToolContext, run: DeployRun): PreparedRun {
  return prepareRun(run, [], { cwd: ctx.cwd, env: process.env });
}

/** Said when a journal committed to the workspace was not read. */
function journalNotes(prepared: PreparedRun): string[] {
  return prepared.ignoredJournal === undefined
    ? []
    : [
        `${prepared.ignoredJournal} in the workspace was ignored: the apply journal is kept outside the working ` +
          `tree (a repository must not choose which test a document takes over)`,
      ];
}

/** Why apply refused, before changing anything, as a sentence for a model. */
function refusal(outcome: Exclude<ApplyOutcome, { kind: 'applied' | 'nothing' }>): string {
  if (outcome.kind === 'invalid') return `${outcome.documents} document(s) are invalid (validate_documents says why)`;
  if (outcome.kind === 'conflicts')
    return (
      `${outcome.conflicts} document(s) are named like a deployed test no document is bound to; the user can ` +
      `adopt it with netmon apply --adopt, or rename the document's test`
    );
  if (outcome.kind === 'not-ours') return `${outcome.steps} step(s) would replace or delete a test that is not ours`;
  return 'it was not confirmed';
}

function bindingLine(run: DeployRun, binding: PreparedRun['bindings'][number]): string {
  return binding.why === 'recovered'
    ? `Recovered: "${binding.testName}" was created as test ${binding.testId} by an interrupted apply; ` +
        `${run.name(binding.uri)} is now bound to it.`
    : `Adopted: ${run.name(binding.uri)} is now bound to test ${binding.testId} ("${binding.testName}").`;
}

export const planDocuments: ToolDefinition = {
  name: 'plan_documents',
  title: 'Plan test documents against the account',
  description:
    'What applying test documents (*.netmon-test.json), endpoint test documents (*.netmon-endpoint-test.json), ' +
    'alert rule documents (*.netmon-alert-rule.json) and suppression window documents ' +
    '(*.netmon-alert-suppression-window.json) would change in the account, as netmon plan says it: each step with ' +
    'its kind (test, endpoint test, alert rule or suppression window), what to create, update, replace or delete ' +
    'with the changed fields, documents left out as invalid, and name conflicts; on an API v6 account the ' +
    'endpoint test, rule and window documents are left out, saying so. Changes nothing.',
  inputSchema: { type: 'object', properties: { paths: PATTERNS }, required: ['paths'], additionalProperties: false },
  writes: false,
  async run(args, ctx) {
    const ready = prepared(ctx, await deployRun(ctx, args['paths'] as string[]));
    const notes = journalNotes(ready);
    const { run, bindings } = ready;
    const { plan, name } = run;
    const others = notOurs(ready);
    const steps = stepViews(run);
    const shown = capList(steps, MAX_STEPS);
    const skipped = [
      ...plan.skipped.map((s) => ({ kind: 'test' as Kind, ...s })),
      ...(run.endpoint.plan?.skipped ?? []).map((s) => ({ kind: 'endpoint' as Kind, ...s })),
      ...(run.rules.plan?.skipped ?? []).map((s) => ({ kind: 'rule' as Kind, ...s })),
      ...(run.windows.plan?.skipped ?? []).map((s) => ({ kind: 'window' as Kind, ...s })),
    ];
    const unchanged = [
      ...plan.unchanged.map((u) => ({ kind: 'test', document: name(u.uri), testId: u.testId })),
      ...(run.endpoint.plan?.unchanged ?? []).map((u) => ({
        kind: 'endpoint',
        document: name(u.uri),
        testId: u.testId,
      })),
      ...(run.rules.plan?.unchanged ?? []).map((u) => ({ kind: 'rule', document: name(u.uri), ruleId: u.ruleId })),
      ...(run.windows.plan?.unchanged ?? []).map((u) => ({
        kind: 'window',
        document: name(u.uri),
        windowId: u.windowId,
      })),
    ];
    return {
      text: [
        `Plan for ${documentsWord(run.documents.length, 'test document')}: ${counts(plan.steps)}; ` +
          `${plan.unchanged.length} unchanged; ${plan.skipped.length} invalid (left out); ` +
          `${plan.conflicts.length} name conflicts.`,
        endpointSummary(run),
        ruleSummary(run),
        windowSummary(run),
        run.excluded.length
          ? `${documentsWord(run.excluded.length, 'document')} in example folders left out (name such a folder ` +
            `itself to plan it).`
          : '',
        steps.length && others.length === 0 ? 'apply_documents (writes allowed) would make these changes.' : '',
        fenced('the plan: test names, fields and paths quote the documents and the account', [
          ...shown.items.map((s) => stepLine(s, name)),
          ...skipped.map((s) => `left out ${name(s.uri)}: ${s.reason}`),
          ...plan.conflicts.map(
            (c) => `conflict ${name(c.uri)}: the account already has "${c.testName}" (${c.testIds.join(', ')})`,
          ),
          ...others
            .slice(0, MAX_STEPS)
            .map((s) => `not ours: ${s.action} ${kindWord(s.kind)} ${JSON.stringify(s.testName)} (${s.testId})`),
        ]),
        ...omittedNote(shown.omitted, 'steps', 'plan fewer documents'),
        others.length
          ? `${others.length} step${others.length === 1 ? '' : 's'} would change ${notOursWhat(others)} (` +
            `${notOursList(others)}): apply_documents refuses this plan; ${USER_APPLIES}.`
          : '',
        bindings.length ? `${bindings.length} document(s) would be bound to deployed tests first.` : '',
      ]
        .filter(Boolean)
        .join('\n'),
      data: {
        target: outside(run.account.label, 200),
        changes: steps.length,
        steps: shown.items.map((s) => stepData(s, name)),
        stepsLeftOut: shown.omitted,
        unchanged: unchanged.slice(0, MAX_STEPS),
        skipped: skipped
          .slice(0, MAX_STEPS)
          .map((s) => ({ kind: s.kind, document: name(s.uri), reason: outside(s.reason, 300) })),
        conflicts: plan.conflicts.slice(0, MAX_STEPS).map((c) => ({
          document: name(c.uri),
          testName: outside(c.testName, 200),
          type: c.type,
          testIds: c.testIds.slice(0, 20),
        })),
        ...(run.endpoint.leftOut ? { endpointLeftOut: run.endpoint.leftOut } : {}),
        ...(run.rules.leftOut ? { alertRulesLeftOut: run.rules.leftOut } : {}),
        ...(run.windows.leftOut ? { suppressionWindowsLeftOut: run.windows.leftOut } : {}),
        notOurs: others.slice(0, MAX_STEPS).map((s) => ({ ...s, testName: outside(s.testName, 200) })),
        notes: notes.map((l) => outside(l, 300)),
      },
    };
  },
};

export const applyDocuments: ToolDefinition = {
  name: 'apply_documents',
  title: 'Apply test documents to the account',
  description:
    `Creates, updates and deletes tests and endpoint tests, and creates alert rules, in the account as the test, ` +
    `endpoint test and alert rule documents say (what plan_documents showed), recording each document's binding ` +
    `and each test it creates. It changes only tests that are ours: ${OURS_RULE}. A plan that would update, ` +
    `replace or delete any other test, update or delete an alert rule, or create or change a suppression window ` +
    `(it silences alerts) is refused whole, as are invalid documents and name conflicts: nothing is applied. On an ` +
    `API v6 account the endpoint test, rule and window documents are left out, saying so. Changes the account: ` +
    `only with writes allowed.`,
  inputSchema: { type: 'object', properties: { paths: PATTERNS }, required: ['paths'], additionalProperties: false },
  writes: true,
  async run(args, ctx) {
    const opened = await deployRun(ctx, args['paths'] as string[]);
    const ready = prepared(ctx, opened);
    const others = notOurs(ready);
    if (others.length > 0) {
      throw new ToolInputError(
        `nothing was applied: the plan would ${notOursList(others)}, and ${notOursWhy(others)}; ${USER_APPLIES}`,
      );
    }
    const said: string[] = [...journalNotes(ready)];
    // The call is the consent (writes allowed, and asked in VS Code): nothing asks again.
    const done = await applyPrepared(ready, {
      allowReplace: false,
      confirm: () => Promise.resolve(true),
      onBinding: (binding) => said.push(bindingLine(ready.run, binding)),
    });
    if (done.kind !== 'applied' && done.kind !== 'nothing')
      throw new ToolInputError(`nothing was applied: ${refusal(done)}`);
    const steps: AppliedStep[] = done.kind === 'applied' ? done.applied : [];
    const failed = done.kind === 'applied' ? done.failed : undefined;
    if (failed)
      said.push(
        `${failed.action} of ${failed.kind === 'endpoint' ? 'endpoint ' : ''}"${failed.testName}" failed: ` +
          `${failed.error instanceof Error ? failed.error.message : String(failed.error)}`,
      );
    const applied = capList(steps, MAX_STEPS);
    const outcome = failed
      ? 'Applied in part: a step failed; the finished steps are recorded in their documents, so applying again resumes.'
      : applied.items.length === 0
        ? 'Nothing to apply: the documents match what is deployed.'
        : 'Applied.';
    return {
      text: [
        outcome,
        opened.endpoint.leftOut ?? '',
        opened.rules.leftOut ?? '',
        opened.windows.leftOut ?? '',
        fenced('what apply did: the account, test names and paths quote the API and the documents', [
          `account ${ctx.account.label}`,
          ...applied.items.map(
            (s) =>
              `${s.action} ${kindWord(s.kind)} ${JSON.stringify(s.testName)}${s.document ? ` from ${s.document}` : ''}`,
          ),
          ...said.slice(0, 20),
        ]),
        ...omittedNote(applied.omitted, 'steps'),
      ]
        .filter(Boolean)
        .join('\n'),
      data: {
        target: outside(ctx.account.label, 200),
        complete: failed === undefined,
        applied: applied.items.map((s) => ({
          ...s,
          testName: outside(s.testName, 200),
          ...(s.document ? { document: outside(s.document, 300) } : {}),
        })),
        appliedLeftOut: applied.omitted,
        lines: said.slice(0, 20).map((l) => outside(l, 300)),
        ...(opened.endpoint.leftOut ? { endpointLeftOut: opened.endpoint.leftOut } : {}),
      },
    };
  },
};
