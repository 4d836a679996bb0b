// A folder's endpoint test documents in the folder-wide plan (`netmon plan`, the editor's
// Plan / Apply): read what they need from the account, plan them with the endpoint plan
// (plan.ts), and say each step as an endpoint step beside the enterprise ones. On a v6
// account they are left out in one sentence and the enterprise documents still plan.
import type { CallOptions, NetmonClient } from '../../api';
import { ENDPOINT_TESTS_AS_CODE_NEED_V7, type EndpointAgent } from '../../api/types';
import type { FieldChange, PlanDocument } from '../plan';
import { quotedTestName, type DisplayName } from '../plan-text';
import { computeEndpointPlan, type EndpointPlan, type EndpointPlanStep } from './plan';
import { endpointDirectoryNeeds, type EndpointDirectory } from './payload';
import { parseDocument } from '../parse';

/** Agents read at most to resolve names (large accounts have tens of thousands). */
export const MAX_DIRECTORY_AGENTS = 5_000;

export interface EndpointFolderPlan {
  /** Undefined when the account cannot plan them (v6), or there were none. */
  plan?: EndpointPlan;
  /** Why the documents were left out, one sentence; undefined when planned. */
  leftOut?: string;
  documents: number;
}

export type EndpointReader = Pick<
  NetmonClient,
  'apiVersion' | 'listManagedEndpointTests' | 'listEndpointLabels' | 'endpointAgents'
>;

export interface EndpointFolderInput {
  documents: readonly PlanDocument[];
  client: EndpointReader;
  connectionKey: string;
  aidKey?: string | number;
  options?: CallOptions;
}

export async function planEndpointFolder(input: EndpointFolderInput): Promise<EndpointFolderPlan> {
  const { documents, client, options = {} } = input;
  if (documents.length === 0) return { documents: 0 };
  if ((await client.apiVersion()) === 'v6')
    return { documents: documents.length, leftOut: endpointLeftOutSentence(documents.length) };
  const deployed = await client.listManagedEndpointTests(options);
  const directory = await readDirectory(documents, client, options);
  const plan = computeEndpointPlan({
    documents,
    deployed,
    connectionKey: input.connectionKey,
    aid: input.aidKey,
    directory,
  });
  return { plan, documents: documents.length };
}

export function endpointLeftOutSentence(count: number): string {
  return `${count} endpoint test document${count === 1 ? '' : 's'} left out: ${ENDPOINT_TESTS_AS_CODE_NEED_V7}`;
}

/** The labels and agents the documents name, read only when one names them. */
async function readDirectory(
  documents: readonly PlanDocument[],
  client: EndpointReader,
  options: CallOptions,
): Promise<EndpointDirectory> {
  const needs = documents.map((d) => endpointDirectoryNeeds(parseDocument(d.text).value));
  const labels = needs.some((n) => n.labels) ? await client.listEndpointLabels(options) : undefined;
  const agents = needs.some((n) => n.agents)
    ? ((
        await client
          .endpointAgents({ aid: options.aid, signal: options.signal })
          .collect({ maxRecords: MAX_DIRECTORY_AGENTS })
      ).records as EndpointAgent[])
    : undefined;
  return { ...(labels ? { labels } : {}), ...(agents ? { agents } : {}) };
}

export function hasEndpointChanges(folder: EndpointFolderPlan): boolean {
  return (folder.plan?.steps.length ?? 0) > 0;
}

export function isDestructiveEndpointStep(step: EndpointPlanStep): boolean {
  return step.action === 'delete' || step.action === 'replace';
}

const SYMBOLS = { create: '+', update: '~', replace: '-/+', delete: '-' } as const;

/** The endpoint part of the plan text: its steps (each says "endpoint"), what is unchanged or skipped, its summary. */
export function renderEndpointPlan(folder: EndpointFolderPlan, name: DisplayName): string[] {
  if (folder.leftOut) return ['', folder.leftOut];
  const plan = folder.plan;
  if (!plan) return [];
  const lines = ['', 'Endpoint tests:'];
  for (const step of plan.steps) lines.push(...endpointStepLines(step, name));
  if (plan.steps.length === 0) lines.push('  No changes: the endpoint test documents match what is deployed.');
  if (plan.unchanged.length > 0)
    lines.push(`  Unchanged: ${plan.unchanged.map((u) => `${name(u.uri)} (endpoint test ${u.testId})`).join(', ')}`);
  for (const skipped of plan.skipped) lines.push(`  Skipped ${name(skipped.uri)}: ${skipped.reason}`);
  lines.push(endpointPlanSummary(plan));
  return lines;
}

export function endpointPlanSummary(plan: EndpointPlan): string {
  const count = (action: EndpointPlanStep['action']): number => plan.steps.filter((s) => s.action === action).length;
  return (
    `Endpoint plan: ${count('create')} to create, ${count('update')} to update, ${count('replace')} to ` +
    `replace, ${count('delete')} to delete.`
  );
}

function endpointStepLines(step: EndpointPlanStep, name: DisplayName): string[] {
  const where = name(step.uri);
  const title = quotedTestName(step.testName);
  switch (step.action) {
    case 'create':
      return [`  ${SYMBOLS.create} create  ${title} (endpoint ${step.type}) from ${where}`];
    case 'update':
      return [
        `  ${SYMBOLS.update} update  ${title} (endpoint ${step.type} test ${step.testId}) from ${where}`,
        ...step.changes.map(changeLine),
      ];
    case 'replace':
      return [
        `  ${SYMBOLS.replace} replace ${title} (endpoint ${step.type} test ${step.testId}) from ${where}: ` +
          'a field v7 cannot update changed',
        ...step.changes.map(changeLine),
      ];
    case 'delete':
      return [
        `  ${SYMBOLS.delete} delete  ${title} (endpoint ${step.type} test ${step.testId}) — ` +
          `marked for deletion in ${where}`,
      ];
  }
}

function changeLine(change: FieldChange): string {
  return `        ${change.field}: ${JSON.stringify(change.from)} → ${JSON.stringify(change.to)}`;
}

/** The endpoint part of the plan as data: steps with `kind: "endpoint"`, without the request bodies. */
export function endpointPlanJson(
  folder: EndpointFolderPlan,
  name: DisplayName,
): { steps: object[]; unchanged: object[]; skipped: object[]; leftOut?: string } {
  const plan = folder.plan;
  return {
    steps: (plan?.steps ?? []).map((step) => ({
      kind: 'endpoint',
      action: step.action,
      document: name(step.uri),
      type: step.type,
      testName: step.testName,
      ...('testId' in step ? { testId: step.testId } : {}),
      ...('changes' in step ? { changes: step.changes } : {}),
    })),
    unchanged: (plan?.unchanged ?? []).map((u) => ({ kind: 'endpoint', document: name(u.uri), testId: u.testId })),
    skipped: (plan?.skipped ?? []).map((s) => ({ kind: 'endpoint', document: name(s.uri), reason: s.reason })),
    ...(folder.leftOut ? { leftOut: folder.leftOut } : {}),
  };
}
