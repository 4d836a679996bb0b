// Create / Update / Delete / Plan of the endpoint test an endpoint test document describes
// (v7: scheduled agent-to-server and http-server tests, dynamic tests). Each write asks first
// in a modal naming the test and what changes; Update patches what v7 changes in place and
// offers to replace the test (delete, create) when the agents or another fixed field changed.
// On a v6 account the client's sentence says it needs the current API.
import * as vscode from 'vscode';
import type { EndpointAgent, ManagedEndpointTest } from '../../api/types';
import type { EndpointDirectory, EndpointPlanStep } from '../../documents';
import { registerCommands } from '../command-util';
import type { ConnectionManager } from '../connection/connection-manager';
import { errorText, isCancellation } from '../errors';
import { requireTrustedWorkspace, workspaceDocument } from '../ui/arguments';
import { showInfo, withNotificationProgress } from '../ui/notify';
import type { Prompts } from '../ui/prompts';
import type { BindingWriter } from './bindings';
import { checkedValue } from './checked';
import { documentsLibrary as lib } from './library';
import { deployTarget, type DeployTarget } from './target';
import { ENDPOINT_TEST_COMMANDS } from './command-ids';
import type { NextStepOffer } from './offer-next';

export { ENDPOINT_TEST_COMMANDS };

/** Agents read at most to resolve names (the large accounts have tens of thousands). */
const MAX_AGENTS = 5_000;

export interface EndpointTestCommandResult {
  testId: number;
  action: EndpointPlanStep['action'] | 'unchanged';
}

interface Context {
  document: vscode.TextDocument;
  text: string;
  target: DeployTarget;
  value: unknown;
  testId: number | undefined;
}

export class EndpointTestCommands {
  constructor(
    private readonly connection: ConnectionManager,
    private readonly bindings: BindingWriter,
    private readonly prompts: Prompts,
    private readonly changed: () => void,
    /** After a write: Run Now or Show Results of the endpoint test written. */
    private readonly next: NextStepOffer,
  ) {}

  create(argument?: unknown): Promise<EndpointTestCommandResult | undefined> {
    return this.run('Creating the endpoint test', argument, async (context) => {
      if (context.testId !== undefined)
        throw new Error(
          `this document is already bound to endpoint test ${context.testId} in ` +
            `${context.target.groupLabel}: use Update, or Delete it first`,
        );
      const step = lib().planEndpointDocument(
        context.document.uri.toString(),
        context.value,
        undefined,
        await this.directory(context),
      );
      if (step?.action !== 'create') return undefined;
      const detail =
        `${step.type} test, ${describeBody(step.request.body)}\n\nOn ${context.target.connectionKey}. The ` +
        'agents start running it at the next interval.';
      if (
        (await this.prompts.confirm(
          `Create endpoint test "${step.testName}" in ${context.target.groupLabel}?`,
          detail,
          'Create',
        )) !== 'Create'
      )
        return undefined;
      return this.apply(context, step);
    });
  }

  update(argument?: unknown): Promise<EndpointTestCommandResult | undefined> {
    return this.run('Updating the endpoint test', argument, async (context) => {
      const { deployed, testId } = await this.bound(context);
      const step = lib().planEndpointDocument(
        context.document.uri.toString(),
        context.value,
        deployed,
        await this.directory(context),
      );
      if (!step) {
        void showInfo(`No change: endpoint test "${deployed.testName}" (${testId}) already has the document's values.`);
        return { testId, action: 'unchanged' };
      }
      const changes =
        'changes' in step
          ? step.changes.map((c) => `  ${c.field}: ${format(c.from)} → ${format(c.to)}`).join('\n')
          : '';
      const replace = step.action === 'replace';
      const action = replace ? 'Replace' : 'Update';
      const replaceNote = replace
        ? '\n\nv7 cannot change these in place: the test is deleted (with its data) and created again, and the ' +
          'document bound to the new test.'
        : '';
      const detail = `Changes:\n${changes}${replaceNote}`;
      if (
        (await this.prompts.confirm(
          `${action} endpoint test "${deployed.testName}" (${testId}) in ${context.target.groupLabel}?`,
          detail,
          action,
        )) !== action
      )
        return undefined;
      return this.apply(context, step);
    });
  }

  delete(argument?: unknown): Promise<EndpointTestCommandResult | undefined> {
    return this.run('Deleting the endpoint test', argument, async (context) => {
      const { deployed, testId } = await this.bound(context);
      const detail =
        `${deployed.type} test "${deployed.testName}" and its data are removed from the account. The document ` +
        'stays; its binding is removed.';
      if (
        (await this.prompts.confirm(
          `Delete endpoint test "${deployed.testName}" (${testId}) from ${context.target.groupLabel}?`,
          detail,
          'Delete',
        )) !== 'Delete'
      )
        return undefined;
      return this.apply(context, {
        action: 'delete',
        uri: context.document.uri.toString(),
        type: deployed.type,
        testName: deployed.testName,
        testId,
      });
    });
  }

  /** What Create or Update would do, said in a message; nothing is sent but reads. */
  plan(argument?: unknown): Promise<EndpointTestCommandResult | undefined> {
    return this.run('Planning the endpoint test', argument, async (context) => {
      const deployed = context.testId === undefined ? undefined : await this.deployed(context, context.testId);
      const step = lib().planEndpointDocument(
        context.document.uri.toString(),
        context.value,
        deployed,
        await this.directory(context),
      );
      const summary = !step
        ? 'no change'
        : step.action === 'create'
          ? `create "${step.testName}"`
          : 'changes' in step
            ? `${step.action} ${step.changes.map((c) => `${c.field} ${format(c.from)} → ${format(c.to)}`).join('; ')}`
            : `delete ${step.testId}`;
      void showInfo(
        `Plan for ${vscode.workspace.asRelativePath(context.document.uri)} in ${context.target.groupLabel}: ` +
          `${summary}.`,
      );
      return { testId: context.testId ?? 0, action: step?.action ?? 'unchanged' };
    });
  }

  private async apply(context: Context, step: EndpointPlanStep): Promise<EndpointTestCommandResult> {
    const { target } = context;
    const testId = await progress(`${capitalize(step.action)} "${step.testName}"…`, (signal) =>
      lib().applyEndpointStep(step, target.client, { aid: target.requestAid, signal }),
    );
    const before = step.action === 'create' ? undefined : step.testId;
    // A create, a replace and a delete move the binding; an update confirms it.
    if (testId !== before) await this.bindings.bind(context.document.uri, target.connectionKey, target.aidKey, testId);
    else if (testId !== undefined)
      await this.bindings.confirmBinding(context.document.uri, target.connectionKey, target.aidKey, testId);
    const said =
      `${capitalize(past(step.action))} endpoint test ` +
      `"${step.testName}"${testId === undefined ? '' : ` (${testId})`} in ${target.groupLabel}.`;
    // A test that is there now: run it, or see its results, one click away (as enterprise documents offer).
    if (testId === undefined) void showInfo(said);
    else {
      const uri = context.document.uri;
      void this.next.offer(said, target.client, [
        {
          testId,
          testName: step.testName,
          document: uri,
          steps: {
            runNow: () => vscode.commands.executeCommand(ENDPOINT_TEST_COMMANDS.runNow, uri),
            showResults: () => vscode.commands.executeCommand(ENDPOINT_TEST_COMMANDS.showResults, uri),
          },
        },
      ]);
    }
    return { testId: testId ?? before ?? 0, action: step.action };
  }

  private async bound(context: Context): Promise<{ deployed: ManagedEndpointTest; testId: number }> {
    const { testId } = context;
    if (testId === undefined)
      throw new Error(
        `this document is not bound to an endpoint test in ${context.target.groupLabel} on this connection: ` +
          'use Create first',
      );
    const deployed = await this.deployed(context, testId);
    if (!deployed)
      throw new Error(
        `endpoint test ${testId} is no longer in ${context.target.groupLabel}: remove "deployments" from the ` +
          'document and Create it again',
      );
    return { deployed, testId };
  }

  private async deployed(context: Context, testId: number): Promise<ManagedEndpointTest | undefined> {
    const tests = await progress('Reading the endpoint tests…', (signal) =>
      context.target.client.listManagedEndpointTests({ aid: context.target.requestAid, signal }),
    );
    return tests.find((t) => t.testId === testId);
  }

  private directory(context: Context): Promise<EndpointDirectory> {
    return readEndpointDirectory(context.value, context.target);
  }

  private async run<T>(
    what: string,
    argument: unknown,
    work: (context: Context) => Promise<T>,
  ): Promise<T | undefined> {
    let described = what;
    try {
      requireTrustedWorkspace(what);
      const document = await workspaceDocument(argument);
      described = `${what} of ${vscode.workspace.asRelativePath(document.uri)}`;
      const text = document.getText();
      const value = checkedValue('endpoint-test', document, text);
      const target = deployTarget(this.connection, text);
      return await work({
        document,
        text,
        target,
        value,
        testId: lib().readBinding(text, target.connectionKey, target.aidKey),
      });
    } catch (error) {
      if (!isCancellation(error)) void this.prompts.fail(errorText(described, error));
      return undefined;
    } finally {
      this.changed();
    }
  }
}

export function registerEndpointTestCommands(context: vscode.ExtensionContext, commands: EndpointTestCommands): void {
  registerCommands(context, {
    [ENDPOINT_TEST_COMMANDS.create]: (uri) => commands.create(uri),
    [ENDPOINT_TEST_COMMANDS.update]: (uri) => commands.update(uri),
    [ENDPOINT_TEST_COMMANDS.delete]: (uri) => commands.delete(uri),
    [ENDPOINT_TEST_COMMANDS.plan]: (uri) => commands.plan(uri),
  });
}

/** The labels and agents a document names, read only when it names them. */
export function readEndpointDirectory(value: unknown, target: DeployTarget): Promise<EndpointDirectory> {
  const needs = lib().endpointDirectoryNeeds(value);
  const { client, requestAid: aid } = target;
  return progress("Reading the account's labels and agents…", async (signal) => ({
    ...(needs.labels ? { labels: await client.listEndpointLabels({ aid, signal }) } : {}),
    ...(needs.agents
      ? {
          agents: (await client.endpointAgents({ aid, signal }).collect({ maxRecords: MAX_AGENTS }))
            .records as EndpointAgent[],
        }
      : {}),
  }));
}

function progress<T>(title: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  return withNotificationProgress(title, (_progress, signal) => work(signal));
}

/** What the dialog shows of a body: its fields, one line each (outside text quoted as JSON). */
function describeBody(body: Record<string, unknown>): string {
  return Object.entries(body)
    .filter(([field]) => field !== 'password')
    .map(([field, value]) => `${field}: ${format(value)}`)
    .join(', ');
}

function format(value: unknown): string {
  return (JSON.stringify(value) ?? 'none').slice(0, 200);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function past(action: EndpointPlanStep['action']): string {
  return { create: 'created', update: 'updated', replace: 'replaced', delete: 'deleted' }[action];
}
