// Entry of dist/lmtools-lib.js: the tool catalogue (src/tools) behind vscode.lm.registerTool.
// Each call runs with the live connection's client, in the first workspace folder. A write is
// a write, whoever asks: every tool the catalogue marks `writes` (the account or a file) runs
// only after VS Code showed the confirmation prepare() wrote (the live plan, the test that
// runs, the exact file), the same consent our commands ask for, and never in Restricted Mode.
// Every call is one line in the Netmon log.
import * as vscode from 'vscode';
import { untrustedLine } from '../../analysis/text/untrusted';
import { fenced } from '../../tools/fence';
import { DEFAULT_AID } from '../../documents/binding';
import { callTool, describeInstantRun, toolNamed, type ToolOutcome } from '../../tools/library';
import { argsForLog } from '../../tools/log-args';
import type { ToolAnswer, ToolContext, ToolDefinition } from '../../tools/types';
import type { ConnectionManager } from '../connection/connection-manager';
import type { LmToolRunner } from './register';

export interface LmToolServices {
  readonly connection: ConnectionManager;
  readonly log: vscode.LogOutputChannel;
}

/** Said instead of running a tool when there is no connection. */
export const NOT_SIGNED_IN =
  'Netmon is not signed in: ask the user to run "Netmon: Sign In" or "Netmon: Use Demo Account", then call ' +
  'the tool again.';
/**
 * The same rule as the write commands (src/vscode/ui/arguments.ts): an untrusted folder's documents are never deployed
 * or run.
 */
const RESTRICTED =
  'Netmon does not deploy or run documents in Restricted Mode: this folder is not trusted. Ask the user to ' +
  'trust it ("Workspaces: Manage Workspace Trust") if they wrote its documents or know who did.';

/**
 * Said instead of a write in Restricted Mode: the account's writes as the commands say it, a file's in the same words.
 */
function restricted(tool: ToolDefinition): string {
  if (tool.writeEffect === undefined) return RESTRICTED;
  return (
    `Netmon does not let an agent write in Restricted Mode: ${tool.name} ${tool.writeEffect}, and this folder ` +
    'is not trusted. Ask the user to trust it ("Workspaces: Manage Workspace Trust") if they know where its ' +
    'files come from. Nothing was written.'
  );
}
const NO_FOLDER =
  'No workspace folder is open: HAR files and Netmon documents are read below the first workspace folder, so ' +
  'ask the user to open one.';

export function createLmToolRunner(services: LmToolServices): LmToolRunner {
  return {
    prepare: (name, input) => prepare(services, name, input),
    invoke: (name, input, token) => invoke(services, name, input, token),
  };
}

async function invoke(
  services: LmToolServices,
  name: string,
  input: unknown,
  token: vscode.CancellationToken,
): Promise<vscode.LanguageModelToolResult> {
  const started = performance.now();
  const outcome = await run(services, name, input, token);
  const text = resultText(outcome);
  services.log.info(
    `tool ${name.slice(0, 60)} ${argsForLog(input)} ${Math.round(performance.now() - started)} ms, ` +
      `${text.length + JSON.stringify(outcome.data).length} characters${outcome.isError ? ', error' : ''}`,
  );
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
}

/** The catalogue's call in this window's connection; writes are allowed because VS Code asked first (prepare). */
async function run(
  services: LmToolServices,
  name: string,
  input: unknown,
  token: vscode.CancellationToken,
): Promise<ToolOutcome> {
  const tool = toolNamed(name);
  if (tool?.writes && !vscode.workspace.isTrusted) {
    const refused = restricted(tool);
    return { text: refused, data: { error: refused }, isError: true };
  }
  const controller = new AbortController();
  const cancelling = token.onCancellationRequested(() => controller.abort());
  try {
    const ctx = toolContext(services, controller.signal);
    if (typeof ctx === 'string') return { text: ctx, data: { error: ctx }, isError: true };
    return await callTool(name, input, ctx);
  } finally {
    cancelling.dispose();
  }
}

function toolContext(
  services: LmToolServices,
  signal: AbortSignal | undefined,
  allowWrites = true,
): ToolContext | string {
  const { connection } = services;
  const client = connection.client;
  const info = connection.current;
  if (!client || !info) return NOT_SIGNED_IN;
  const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  if (cwd === undefined) return NO_FOLDER;
  const group = info.accountGroup;
  const account = {
    client,
    serviceKey: info.serviceKey,
    aidKey: group ? String(group.aid) : DEFAULT_AID,
    requestAid: undefined,
    label: accountLabel(services.connection),
    close: () => Promise.resolve(),
  };
  return { account, cwd, allowWrites, now: () => Date.now(), ...(signal ? { signal } : {}) };
}

/** "the demo account" or the service's address, with the account group: what a write changes. */
export function accountLabel(connection: ConnectionManager): string {
  const info = connection.current;
  if (!info) return 'no account';
  const where = info.kind === 'demo' ? 'the demo account' : untrustedLine(info.baseUrl, 200);
  const group = info.accountGroup;
  return group ? `${where}, account group ${untrustedLine(group.accountGroupName, 80)} (${group.aid})` : where;
}

/** The answer for the model, then the Netmon commands that open what it names. */
export function resultText(outcome: ToolAnswer): string {
  const opens = (outcome.opens ?? []).map((open) => {
    const argumentText = open.args ? `, arguments ${untrustedLine(JSON.stringify(open.args), 200)}` : '';
    return `- "${open.title}" (command ${open.command}${argumentText})`;
  });
  // The titles and arguments hold API ids and names: outside text, so inside the fence too.
  return opens.length === 0
    ? outcome.text
    : `${outcome.text}\n\nThe user can open this in VS Code with the commands quoted below.\n` +
        fenced('Netmon commands to open', opens);
}

async function prepare(services: LmToolServices, name: string, input: unknown): Promise<vscode.PreparedToolInvocation> {
  const tool = toolNamed(name);
  const invocationMessage = `Netmon: ${tool?.title ?? name} (reading ${accountLabel(services.connection)})`;
  if (!tool?.writes) return { invocationMessage };
  // Refused in invoke() without asking: no confirmation for something that will not run.
  if (!vscode.workspace.isTrusted) return { invocationMessage: `Netmon: ${tool.title} (not in Restricted Mode)` };
  return {
    invocationMessage:
      `Netmon: ${tool.title} ` +
      `${tool.writeEffect === undefined ? `on ${accountLabel(services.connection)}` : 'in the workspace folder'}`,
    confirmationMessages: await confirmation(services, name, input),
  };
}

/**
 * What the user agrees to, by tool: the live plan for apply_documents; for an instant test what
 * runs (type, target, agents) and where; for any other write its own question (the exact file),
 * and failing that the tool and its arguments as given: never a write without a question.
 */
async function confirmation(
  services: LmToolServices,
  name: string,
  input: unknown,
): Promise<{ title: string; message: string | vscode.MarkdownString }> {
  const where = accountLabel(services.connection);
  const args = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const tool = toolNamed(name);
  if (name !== 'apply_documents' && name !== 'run_instant_test') {
    const ctx = toolContext(services, undefined, false);
    if (tool?.describeWrite && typeof ctx !== 'string') return tool.describeWrite(args, ctx);
    // A string is shown as plain text: the arguments come from the model.
    const shownArgs = untrustedLine(JSON.stringify(args), 400);
    const inFolder = typeof ctx === 'string' ? '' : ` in ${untrustedLine(ctx.cwd, 300)}`;
    return {
      title: `${tool?.title ?? name}?`,
      message: `Netmon: ${tool?.title ?? name} with ${shownArgs}${inFolder}, on ${where}.`,
    };
  }
  if (name === 'apply_documents') {
    const message = new vscode.MarkdownString();
    const ctx = toolContext(services, undefined, false);
    const plan =
      typeof ctx === 'string' ? { text: ctx } : await callTool('plan_documents', { paths: args['paths'] }, ctx);
    message.appendText(
      `These changes go to ${where} (only tests that are ours change: a plan that would change any other is refused):`,
    );
    message.appendCodeblock(plan.text, 'text');
    return { title: 'Apply Netmon documents?', message };
  }
  // A string is shown as plain text: the document's name, its fields and the group's are not markdown.
  const ctx = toolContext(services, undefined, false);
  const document = String(args['document'] ?? 'the document');
  const what = typeof ctx === 'string' ? untrustedLine(document, 200) : await describeInstantRun(ctx, document);
  const message = `Runs ${what} now on ${where}; the account records the results.`;
  return { title: 'Run a Netmon instant test?', message };
}
