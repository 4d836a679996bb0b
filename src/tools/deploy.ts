// The agent tools that deploy documents. plan_documents plans the workspace's test and endpoint
// test documents against the account as `netmon plan` does (the same reading, deployed tests,
// agents, journal and both plans: planDeployRun); apply_documents applies them, with writes
// allowed, by the CLI's own apply run (its journal, bindings and refusals). Both change only
// tests that are ours (src/documents/ours.ts), endpoint tests included, in netmon mcp and in VS Code.
import {
  endpointStepsNotOurs,
  OURS_RULE,
  stepsOnTestsNotOurs,
  type EndpointPlanStep,
  type FieldChange,
  type PlanStep,
} from '../documents';
import { applyRun } from '../cli/apply';
import { prepareRun, type PreparedRun } from '../cli/apply-state';
import { endpointSteps } from '../cli/deploy-plan';
import { DEPLOY_GLOB, planDeployRun, readTestDocuments, type CliIo, type DeployRun } from '../cli/deploy-run';
import { displayPath } from '../cli/files';
import { capList, omittedNote } from './bound';
import { documentFiles, PATTERNS } from './documents';
import { fenced, outside } from './fence';
import { ToolInputError, type ToolContext, type ToolDefinition } from './types';

/** Steps said in one answer, at most (text and JSON alike). */
const MAX_STEPS = 40;

type Kind = 'test' | 'endpoint';

/** One step of either plan, as the answers say it. */
interface StepView {
  kind: Kind;
  action: string;
  type: string;
  testName: string;
  testId?: number;
  uri?: string;
  changes?: readonly FieldChange[];
}

function stepViews(run: DeployRun): StepView[] {
  const view =
    (kind: Kind) =>
    (step: PlanStep | EndpointPlanStep): StepView => ({
      kind,
      action: step.action,
      type: step.type,
      testName: step.testName,
      ...('testId' in step ? { testId: step.testId } : {}),
      ...(step.uri ? { uri: step.uri } : {}),
      ...('changes' in step ? { changes: step.changes } : {}),
    });
  return [...run.plan.steps.map(view('test')), ...endpointSteps(run).map(view('endpoint'))];
}

const kindWord = (kind: Kind): string => (kind === 'endpoint' ? 'endpoint test' : 'test');

function stepLine(step: StepView, name: DeployRun['name']): string {
  const id = step.testId === undefined ? '' : ` ${step.testId}`;
  const fields = step.changes ? `: ${step.changes.map((c) => c.field).join(', ')}` : '';
  return `${step.action} ${kindWord(step.kind)} ${JSON.stringify(step.testName)} (${step.type}${id})${step.uri ? ` from ${name(step.uri)}` : ''}${fields}`;
}

function stepData(step: StepView, name: DeployRun['name']): Record<string, unknown> {
  const value = (v: unknown): string => outside(JSON.stringify(v ?? null), 200);
  return {
    kind: step.kind,
    action: step.action,
    type: step.type,
    testName: outside(step.testName, 200),
    ...(step.testId === undefined ? {} : { testId: step.testId }),
    ...(step.uri ? { document: name(step.uri) } : {}),
    ...(step.changes
      ? { changes: step.changes.slice(0, 20).map((c) => ({ field: c.field, from: value(c.from), to: value(c.to) })) }
      : {}),
  };
}

function counts(actions: readonly { action: string }[]): string {
  return (['create', 'update', 'replace', 'delete'] as const)
    .map((action) => `${actions.filter((s) => s.action === action).length} to ${action}`)
    .join(', ');
}

const documentsWord = (count: number, what: string): string => `${count} ${what}${count === 1 ? '' : 's'}`;

/** The endpoint documents' line: their counts, or (v6) the one sentence saying why they were left out. */
function endpointSummary(run: DeployRun): string {
  const { endpoint } = run;
  if (endpoint.leftOut) return endpoint.leftOut;
  if (!endpoint.plan) return '';
  const { steps, unchanged, skipped } = endpoint.plan;
  return `Plan for ${documentsWord(endpoint.documents, 'endpoint test document')}: ${counts(steps)}; ${unchanged.length} unchanged; ${skipped.length} invalid (left out).`;
}

interface NotOurs {
  kind: Kind;
  action: string;
  testId: number;
  testName: string;
}

/**
 * What apply_documents may not do: update, replace or delete a test (enterprise or endpoint)
 * that is not ours. A create an interrupted apply from here made (recovered from the journal's
 * pending entries) is ours.
 */
function notOurs({ run, journal, bindings }: PreparedRun): NotOurs[] {
  const recorded = journal.read();
  const recovered = bindings.filter((b) => b.why === 'recovered').map((b) => b.testId);
  const actions = ['update', 'replace', 'delete'] as const;
  const said =
    (kind: Kind) =>
    (step: { action: string; testId: number; testName: string }): NotOurs => ({
      kind,
      action: step.action,
      testId: step.testId,
      testName: step.testName,
    });
  return [
    ...stepsOnTestsNotOurs(run.plan, { ...recorded, owned: [...(recorded.owned ?? []), ...recovered] }, actions).map(
      said('test'),
    ),
    ...endpointStepsNotOurs(endpointSteps(run), recorded, actions).map(said('endpoint')),
  ];
}

function notOursList(steps: readonly NotOurs[]): string {
  const shown = steps
    .slice(0, 20)
    .map((s) => `${s.action} ${kindWord(s.kind)} ${s.testId}`)
    .join(', ');
  return steps.length > 20 ? `${shown} and ${steps.length - 20} more` : shown;
}

interface AppliedStep {
  kind: Kind;
  action: string;
  testName: string;
  document?: string;
}

/** The steps apply ran, each with its kind, from its JSON outcome (netmon apply --json). */
function appliedSteps(json: string | undefined): AppliedStep[] {
  let value: unknown;
  try {
    value = JSON.parse(json ?? 'null');
  } catch {
    return [];
  }
  const applied = (value as { applied?: unknown } | null)?.applied;
  if (!Array.isArray(applied)) return [];
  return applied
    .filter((s): s is Record<string, unknown> => typeof s === 'object' && s !== null)
    .map((s) => ({
      kind: s['kind'] === 'endpoint' ? 'endpoint' : 'test',
      action: String(s['action']),
      testName: String(s['testName']),
      ...(typeof s['document'] === 'string' ? { document: s['document'] } : {}),
    }));
}

const USER_APPLIES =
  'the user can apply it with netmon apply in a terminal or "Netmon: Apply Test Documents…" in VS Code, where they see and confirm each step';

/** The CLI's deploy run over the context's account (which stays open: the caller owns it). */
async function deployRun(ctx: ToolContext, patterns: readonly string[]): Promise<DeployRun> {
  await documentFiles(ctx, patterns, DEPLOY_GLOB);
  const read = await readTestDocuments(patterns, ctx.cwd);
  return planDeployRun(ctx.account, read, (uri) => outside(displayPath(uri, ctx.cwd), 300));
}

/** The CLI's output lines, collected for the answer (nothing asks: the tool call is the consent). */
function lineIo(ctx: ToolContext, lines: string[], stdout: string[] = lines): CliIo {
  return { stdout: (line) => stdout.push(line), stderr: (line) => lines.push(line), cwd: ctx.cwd, env: process.env };
}

export const planDocuments: ToolDefinition = {
  name: 'plan_documents',
  title: 'Plan test documents against the account',
  description:
    'What applying test documents (*.netmon-test.json) and endpoint test documents (*.netmon-endpoint-test.json) would change in the account, as netmon plan says it: each step with its kind (test or endpoint test), tests to create, update, replace or delete with their changed fields, documents left out as invalid, and name conflicts; on an API v6 account the endpoint test documents are left out, saying so. Changes nothing.',
  inputSchema: { type: 'object', properties: { paths: PATTERNS }, required: ['paths'], additionalProperties: false },
  writes: false,
  async run(args, ctx) {
    const notes: string[] = [];
    const prepared = prepareRun('plan', await deployRun(ctx, args['paths'] as string[]), [], lineIo(ctx, notes));
    const { run, bindings } = prepared;
    const { plan, name } = run;
    const others = notOurs(prepared);
    const steps = stepViews(run);
    const shown = capList(steps, MAX_STEPS);
    const skipped = [
      ...plan.skipped.map((s) => ({ kind: 'test' as Kind, ...s })),
      ...(run.endpoint.plan?.skipped ?? []).map((s) => ({ kind: 'endpoint' as Kind, ...s })),
    ];
    const unchanged = [
      ...plan.unchanged.map((u) => ({ kind: 'test', document: name(u.uri), testId: u.testId })),
      ...(run.endpoint.plan?.unchanged ?? []).map((u) => ({
        kind: 'endpoint',
        document: name(u.uri),
        testId: u.testId,
      })),
    ];
    return {
      text: [
        `Plan for ${documentsWord(run.documents.length, 'test document')}: ${counts(plan.steps)}; ${plan.unchanged.length} unchanged; ${plan.skipped.length} invalid (left out); ${plan.conflicts.length} name conflicts.`,
        endpointSummary(run),
        run.excluded.length
          ? `${documentsWord(run.excluded.length, 'document')} in example folders left out (name such a folder itself to plan it).`
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
          ? `${others.length} step${others.length === 1 ? '' : 's'} would change tests that are not ours (${notOursList(others)}): apply_documents refuses this plan; ${USER_APPLIES}.`
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
        notOurs: others.slice(0, MAX_STEPS).map((s) => ({ ...s, testName: outside(s.testName, 200) })),
        notes: notes.map((l) => outside(l, 300)),
      },
    };
  },
};

export const applyDocuments: ToolDefinition = {
  name: 'apply_documents',
  title: 'Apply test documents to the account',
  description: `Creates, updates and deletes tests and endpoint tests in the account as the test documents and endpoint test documents say (what plan_documents showed), recording each document's binding and each test it creates. It changes only tests that are ours: ${OURS_RULE}. A plan that would update, replace or delete any other test is refused whole, as are invalid documents and name conflicts: nothing is applied. On an API v6 account the endpoint test documents are left out, saying so. Changes the account: only with writes allowed.`,
  inputSchema: { type: 'object', properties: { paths: PATTERNS }, required: ['paths'], additionalProperties: false },
  writes: true,
  async run(args, ctx) {
    const patterns = args['paths'] as string[];
    const opened = await deployRun(ctx, patterns);
    const others = notOurs(prepareRun('apply', opened, [], lineIo(ctx, [])));
    if (others.length > 0) {
      throw new ToolInputError(
        `nothing was applied: the plan would ${notOursList(others)}, and ${others.length === 1 ? 'that test is' : 'those tests are'} not ours (${OURS_RULE}); ${USER_APPLIES}`,
      );
    }
    const lines: string[] = [];
    const stdout: string[] = [];
    const code = await applyRun(
      opened,
      { patterns, yes: true, json: true, allowReplace: false, adoptions: [] },
      lineIo(ctx, lines, stdout),
    );
    if (code === 2)
      throw new ToolInputError(
        `nothing was applied: ${outside((lines.at(-1) ?? '').replace(/^netmon apply: /, ''), 400)}`,
      );
    const applied = capList(appliedSteps(stdout.at(-1)), MAX_STEPS);
    // The run's own lines but its progress (the steps are said above, each with its kind).
    const said = lines.filter((line) => !/^\d+\/\d+ /.test(line));
    const outcome =
      code !== 0
        ? 'Applied in part: a step failed; the finished steps are recorded in their documents, so applying again resumes.'
        : applied.items.length === 0
          ? 'Nothing to apply: the documents match what is deployed.'
          : 'Applied.';
    return {
      text: [
        outcome,
        opened.endpoint.leftOut ?? '',
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
        complete: code === 0,
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
