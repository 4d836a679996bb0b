// Test, instant-test and filter documents of the workspace: validated as the editor and
// `netmon validate` validate them, and planned against the account as `netmon plan` plans
// (the same documents, deployed tests, agents, journal and computePlan); applied, with writes
// allowed, by the CLI's own apply run (its journal, bindings and refusals). It changes only
// tests that are ours (src/documents/ours.ts), the same rule in netmon mcp and in VS Code.
import { readFile } from 'node:fs/promises';
import { DOCUMENT_SUFFIXES, listDeployedTests, OURS_RULE, stepsOnTestsNotOurs, toDeployedTest, validateDocuments } from '../documents';
import { planJson } from '../documents/plan-text';
import { documentKindOf } from '../documents/kinds';
import { applyRun } from '../cli/apply';
import { prepareRun, type PreparedRun } from '../cli/apply-state';
import { enterpriseAgents, planFor, readTestDocuments, type CliIo, type DeployRun } from '../cli/deploy-run';
import { DOCUMENT_GLOB } from '../cli/validate';
import { displayPath, expandDocuments } from '../cli/files';
import { workspaceFile } from './args';
import { capList, omittedNote } from './bound';
import { fenced, outside } from './fence';
import { ToolInputError, type ToolContext, type ToolDefinition } from './types';

const PATTERNS = {
  type: 'array', minItems: 1, maxItems: 20,
  items: { type: 'string', minLength: 1, maxLength: 300, pattern: '^[^-]' },
  description: 'Folders, files or globs of documents, relative to the workspace folder (e.g. ["tests"] or ["**/*.netmon-test.json"]).',
} as const;

/** Documents read in one call, at most. */
const MAX_DOCUMENTS = 500;

/** The patterns' files, each one inside the workspace (globs are matched below it). */
async function documentFiles(ctx: ToolContext, patterns: readonly string[], glob: string): Promise<string[]> {
  if (patterns.some((p) => p.includes('..'))) throw new ToolInputError('name documents inside the workspace folder (no ..)');
  const files = (await expandDocuments(patterns, ctx.cwd, glob)).map((file) => workspaceFile(ctx, file));
  if (files.length === 0) throw new ToolInputError(`no documents matched ${patterns.map((p) => outside(p, 100)).join(' ')}`);
  if (files.length > MAX_DOCUMENTS) throw new ToolInputError(`${files.length} documents matched; name at most ${MAX_DOCUMENTS}`);
  return files;
}

export const validateDocumentsTool: ToolDefinition = {
  name: 'validate_documents',
  title: 'Validate Netmon documents',
  description: `Checks test, instant-test and filter documents of the workspace (${Object.values(DOCUMENT_SUFFIXES).join(', ')}) against their schemas and Netmon's rules, as the editor and netmon validate do: each problem with its file, line, rule and message.`,
  inputSchema: { type: 'object', properties: { paths: PATTERNS }, required: ['paths'], additionalProperties: false },
  writes: false,
  async run(args, ctx) {
    const files = await documentFiles(ctx, args['paths'] as string[], DOCUMENT_GLOB);
    const documents: { uri: string; text: string }[] = [];
    for (const file of files) if (documentKindOf(file)) documents.push({ uri: displayPath(file, ctx.cwd), text: await readFile(file, 'utf8') });
    const results = validateDocuments(documents);
    const problems = documents.flatMap((d) => (results.get(d.uri) ?? []).map((p) => ({ file: outside(d.uri, 300), line: p.range.start.line + 1, severity: p.severity, rule: p.code, message: outside(p.message, 400) })));
    const shown = capList(problems, 50);
    const errors = problems.filter((p) => p.severity === 'error').length;
    const skipped = files.length - documents.length;
    return {
      text: [
        problems.length === 0 ? `${documents.length} document${documents.length === 1 ? '' : 's'} OK.` : `${problems.length} problem${problems.length === 1 ? '' : 's'} (${errors} error${errors === 1 ? '' : 's'}) in ${documents.length} documents.`,
        skipped ? `${skipped} file${skipped === 1 ? '' : 's'} not named like a Netmon document left out.` : '',
        fenced('the problems: file names and messages quote the documents', shown.items.map((p) => `${p.file}:${p.line} ${p.severity} ${p.rule}: ${p.message}`)),
        ...omittedNote(shown.omitted, 'problems', 'validate fewer files'),
      ].filter(Boolean).join('\n'),
      data: { documents: documents.length, errors, problems: shown.items, problemsLeftOut: shown.omitted },
    };
  },
};

export const planDocuments: ToolDefinition = {
  name: 'plan_documents',
  title: 'Plan test documents against the account',
  description: 'What applying test documents (*.netmon-test.json) would change in the account, as netmon plan says it: tests to create, update, replace or delete with their changed fields, documents left out as invalid, and name conflicts. Changes nothing.',
  inputSchema: { type: 'object', properties: { paths: PATTERNS }, required: ['paths'], additionalProperties: false },
  writes: false,
  async run(args, ctx) {
    const lines: string[] = [];
    const opened = await deployRun(ctx, args['paths'] as string[]);
    const prepared = prepareRun('plan', opened, [], lineIo(ctx, lines));
    const { run: { plan }, bindings } = prepared;
    const others = notOurs(prepared);
    const { documents, account } = opened;
    const name = (uri: string): string => outside(displayPath(uri, ctx.cwd), 300);
    const steps = capList(plan.steps, 40);
    const counts = (['create', 'update', 'replace', 'delete'] as const).map((action) => `${plan.steps.filter((s) => s.action === action).length} to ${action}`).join(', ');
    return {
      text: [
        `Plan for ${documents.length} test document${documents.length === 1 ? '' : 's'}: ${counts}; ${plan.unchanged.length} unchanged; ${plan.skipped.length} invalid (left out); ${plan.conflicts.length} name conflicts.`,
        plan.steps.length && others.length === 0 ? 'apply_documents (writes allowed) would make these changes.' : '',
        fenced('the plan: test names, fields and paths quote the documents and the account', [
          ...steps.items.map((s) => `${s.action} ${s.testName}${'testId' in s ? ` (${s.testId})` : ''}${s.uri ? ` from ${name(s.uri)}` : ''}${'changes' in s ? `: ${s.changes.map((c) => c.field).join(', ')}` : ''}`),
          ...plan.skipped.map((s) => `left out ${name(s.uri)}: ${s.reason}`),
          ...plan.conflicts.map((c) => `conflict ${name(c.uri)}: the account already has "${c.testName}" (${c.testIds.join(', ')})`),
          ...others.slice(0, 40).map((s) => `not ours: ${s.action} ${s.testName} (${s.testId})`),
        ]),
        ...omittedNote(steps.omitted, 'steps'),
        others.length ? `${others.length} step${others.length === 1 ? '' : 's'} would change tests that are not ours (${testIds(others)}): apply_documents refuses this plan; ${USER_APPLIES}.` : '',
        bindings.length ? `${bindings.length} document(s) would be bound to deployed tests first.` : '',
      ].filter(Boolean).join('\n'),
      data: { target: outside(account.label, 200), plan: JSON.parse(JSON.stringify(planJson(plan, name))) as unknown, notOurs: others.slice(0, 40).map((s) => ({ action: s.action, testId: s.testId, testName: outside(s.testName, 200) })), notes: lines.map((l) => outside(l, 300)) },
    };
  },
};

type NotOurs = ReturnType<typeof stepsOnTestsNotOurs>;

/**
 * What apply_documents may not do: update, replace or delete a test that is not ours. A create
 * an interrupted apply from here made (recovered from the journal's pending entries) is ours.
 */
function notOurs({ run, journal, bindings }: PreparedRun): NotOurs {
  const recorded = journal.read();
  const recovered = bindings.filter((b) => b.why === 'recovered').map((b) => b.testId);
  return stepsOnTestsNotOurs(run.plan, { ...recorded, owned: [...recorded.owned ?? [], ...recovered] }, ['update', 'replace', 'delete']);
}

function testIds(steps: NotOurs): string {
  const shown = steps.slice(0, 20).map((s) => s.testId).join(', ');
  return steps.length > 20 ? `${shown} and ${steps.length - 20} more` : shown;
}

const USER_APPLIES = 'the user can apply it with netmon apply in a terminal or "Netmon: Apply Test Documents…" in VS Code, where they see and confirm each step';

/** The CLI's deploy run over the context's account (which stays open: the caller owns it). */
async function deployRun(ctx: ToolContext, patterns: readonly string[]): Promise<DeployRun> {
  await documentFiles(ctx, patterns, `**/*${DOCUMENT_SUFFIXES.test}`);
  const { documents, excluded } = await readTestDocuments(patterns, ctx.cwd);
  const { account } = ctx;
  const tests = await listDeployedTests(account.client, account.requestAid);
  const deployed = tests.map(toDeployedTest);
  const agents = await enterpriseAgents(account, tests);
  // Endpoint test documents are not the tools' to deploy (their "ours" rule is about enterprise tests).
  return { account, documents, deployed, agents, plan: planFor(account, documents, deployed, agents), endpoint: { documents: 0 }, excluded, name: (uri) => outside(displayPath(uri, ctx.cwd), 300) };
}

/** The CLI's output lines, collected for the answer (nothing asks: the tool call is the consent). */
function lineIo(ctx: ToolContext, lines: string[]): CliIo {
  return { stdout: (line) => lines.push(line), stderr: (line) => lines.push(line), cwd: ctx.cwd, env: process.env };
}

export const applyDocuments: ToolDefinition = {
  name: 'apply_documents',
  title: 'Apply test documents to the account',
  description: `Creates, updates and deletes tests in the account as the test documents say (what plan_documents showed), recording each document's binding. It changes only tests that are ours: ${OURS_RULE}. A plan that would update, replace or delete any other test is refused whole, as are invalid documents and name conflicts: nothing is applied. Changes the account: only with writes allowed.`,
  inputSchema: { type: 'object', properties: { paths: PATTERNS }, required: ['paths'], additionalProperties: false },
  writes: true,
  async run(args, ctx) {
    const patterns = args['paths'] as string[];
    const opened = await deployRun(ctx, patterns);
    const others = notOurs(prepareRun('apply', opened, [], lineIo(ctx, [])));
    if (others.length > 0) {
      const shown = others.slice(0, 20).map((s) => `${s.action} test ${s.testId}`).join(', ');
      throw new ToolInputError(`nothing was applied: the plan would ${shown}${others.length > 20 ? ` and ${others.length - 20} more` : ''}, and ${others.length === 1 ? 'that test is' : 'those tests are'} not ours (${OURS_RULE}); ${USER_APPLIES}`);
    }
    const lines: string[] = [];
    const code = await applyRun(opened, { patterns, yes: true, json: false, allowReplace: false, adoptions: [] }, lineIo(ctx, lines));
    const last = lines.at(-1) ?? '';
    if (code === 2) throw new ToolInputError(`nothing was applied: ${outside(last.replace(/^netmon apply: /, ''), 400)}`);
    const shown = capList(lines, 40);
    return {
      text: [code === 0 ? 'Applied.' : 'Applied in part: a step failed; the finished steps are recorded in their documents, so applying again resumes.',
        fenced('what apply did: the account, test names and paths quote the API and the documents', [`account ${ctx.account.label}`, ...shown.items]), ...omittedNote(shown.omitted, 'lines')].join('\n'),
      data: { target: outside(ctx.account.label, 200), complete: code === 0, lines: shown.items.map((l) => outside(l, 300)) },
    };
  },
};
