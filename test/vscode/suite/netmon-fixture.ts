// Shared by the Netmon extension-host suites: the extension's typed test API, an emulator
// per suite (control routes on, so tests read what the extension sent), and tree helpers.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { fromEndpointAgent, fromRealUserTestDetail } from '../../../src/api/v7/from';
import type { EndpointAgentWire, RealUserTestDetailWire } from '../../../src/api/v7/wire';
import { DEMO_CREDENTIALS, startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../src/emulator';
import type { NetmonExtensionApi } from '../../../src/vscode/test-api';
import type { TreeNode } from '../../../src/vscode/tree/nodes';
import type { Prompt, PromptResponder } from '../../../src/vscode/ui/prompts';
import { activateExtension, waitFor } from '../helpers';

export { DEMO_CREDENTIALS };

export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
  status: number;
}

export async function netmonApi(): Promise<NetmonExtensionApi> {
  const extension = await activateExtension();
  const api = extension.exports as NetmonExtensionApi | undefined;
  assert.ok(api?.tree, 'activate() returned no test API');
  await api.ready;
  return api;
}

/** A fixed clock: the current round (and every window) stays put while a suite compares lists. */
export const EMULATOR_NOW = Date.parse('2026-11-20T12:00:00Z');

/**
 * The dialect the suites' emulators speak: NETMON_TEST_API=v7 runs a suite against a v7
 * emulator (signed in with `auto`, so the extension detects it), anything else v6.
 */
export const SUITE_API: 'v6' | 'v7' = process.env.NETMON_TEST_API === 'v7' ? 'v7' : 'v6';

/**
 * The suites read what the API says (their expectations) in v6's words. On a v7 run those
 * reads go to a v6 twin: the same world (options, seed and fixed clock), so the same ids.
 * Suites that write (create tests, run instant tests) change only the emulator they signed in to.
 */
const oracles = new WeakMap<RunningEmulator, RunningEmulator>();

export async function startControlledEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const settings: EmulatorOptions = { control: true, port: 0, now: () => EMULATOR_NOW, api: SUITE_API, ...options };
  const emulator = await startEmulator(settings);
  if (emulator.api === 'v6') return emulator;
  const twin = await startEmulator({ ...settings, api: 'v6', control: false });
  oracles.set(emulator, twin);
  const close = emulator.close.bind(emulator);
  return Object.assign(emulator, {
    close: async () => {
      await Promise.all([close(), twin.close()]);
    },
  });
}

const V7_RESULTS = '/v7/endpoint/test-results';

/** A search filter in our (v6) words, as the commands and documents take it. */
export interface WireFilter {
  key: string;
  values: string[];
}

/** v7 spells some filter values in lower case (the OpenAPI enums). */
const V7_VALUES: Readonly<Record<string, string>> = {
  Mac: 'mac',
  Windows: 'windows',
  Wireless: 'wireless',
  Ethernet: 'ethernet',
};

/** v7's filter is a map; the pages list takes it as the body itself, the others under searchFilters. */
function v7FilterBody(list: string, filters: readonly WireFilter[]): Record<string, unknown> {
  const map = Object.fromEntries(
    filters.map(({ key, values }) => [key, values.map((value) => V7_VALUES[value] ?? value)]),
  );
  return list.endsWith('/pages/filter') ? map : filters.length === 0 ? {} : { searchFilters: map };
}

const V7_LISTS = {
  sessions: `${V7_RESULTS}/real-user-tests/filter`,
  pages: `${V7_RESULTS}/real-user-tests/pages/filter`,
  networkSessions: `${V7_RESULTS}/real-user-tests/networks/filter`,
  topologies: `${V7_RESULTS}/local-networks/topologies/filter`,
};
const V6_LISTS = {
  sessions: '/v6/endpoint-data/user-sessions',
  pages: '/v6/endpoint-data/user-sessions/web',
  networkSessions: '/v6/endpoint-data/user-sessions/network',
  topologies: '/v6/endpoint-data/network-topology',
};

/**
 * The paths the extension's requests take in the suite's dialect (request-log checks and
 * faults), and the filter bodies it sends: one table per dialect, so a suite names the resource.
 */
export const WIRE_PATHS =
  SUITE_API === 'v7'
    ? {
        endpointAgents: '/v7/endpoint/agents',
        endpointAgent: (agentId: string) => `/v7/endpoint/agents/${agentId}`,
        enterpriseAgents: '/v7/agents',
        enterpriseTest: (type: string, testId: number | string) => `/v7/tests/${type}/${testId}`,
        metrics: (testId: number | string) => `${V7_RESULTS}/scheduled-tests/${testId}/network/filter`,
        /** Every request of one test's path visualization: its list and each agent's trace. */
        pathVis: (testId: number | string) => `${V7_RESULTS}/scheduled-tests/${testId}/path-vis`,
        pathTraces: (testId: number | string) => `${V7_RESULTS}/scheduled-tests/${testId}/path-vis/agent/`,
        pathTrace: (testId: number | string, agentId: string, roundId: number) =>
          `${V7_RESULTS}/scheduled-tests/${testId}/path-vis/agent/${agentId}/round/${roundId}`,
        userSession: (id: string) => `${V7_RESULTS}/real-user-tests/${id}`,
        /** The time-ranged lists (POSTed with a filter body, or an empty one: v7 has no unfiltered GET). */
        lists: V7_LISTS,
        sessionsFilter: V7_LISTS.sessions,
        unfilteredMethod: 'POST',
        /** The four lists an agent's timeline filters on the server: sessions, pages, network sessions, topologies. */
        timelineLists: [V7_LISTS.sessions, V7_LISTS.pages, V7_LISTS.networkSessions, V7_LISTS.topologies],
        /** Endpoint results of every kind (a fault here slows every list an analysis walks). */
        endpointData: V7_RESULTS,
        filterBody: v7FilterBody,
        agentFilterBody: (list: string, agentIds: string[]) =>
          v7FilterBody(list, [{ key: 'agentId', values: agentIds }]),
        /** The next page's link in one of the emulator's own answers. */
        nextLink: (body: { _links?: { next?: { href?: string } } }) => body._links?.next?.href,
        /** A request's stated range as `YYYY-mm-ddTHH:MM:SS` UTC (v7 sends ISO 8601 startDate/endDate). */
        range: (query: Record<string, string>) =>
          [query['startDate'], query['endDate']].map((date) => date?.slice(0, 19)),
      }
    : {
        endpointAgents: '/v6/endpoint-agents',
        endpointAgent: (agentId: string) => `/v6/endpoint-agents/${agentId}`,
        enterpriseAgents: '/v6/agents',
        enterpriseTest: (type: string, testId: number | string) => `/v7/tests/${type}/${testId}`,
        metrics: (testId: number | string) => `/v7/endpoint-data/tests/net/metrics/${testId}`,
        pathVis: (testId: number | string) => `/v7/endpoint-data/tests/net/path-vis/${testId}`,
        pathTraces: (testId: number | string) => `/v7/endpoint-data/tests/net/path-vis/${testId}/`,
        pathTrace: (testId: number | string, agentId: string, roundId: number) =>
          `/v7/endpoint-data/tests/net/path-vis/${testId}/${agentId}/${roundId}`,
        userSession: (id: string) => `/v6/endpoint-data/user-sessions/${id}`,
        lists: V6_LISTS,
        sessionsFilter: V6_LISTS.sessions,
        unfilteredMethod: 'GET',
        timelineLists: [V6_LISTS.sessions, V6_LISTS.pages, V6_LISTS.networkSessions, V6_LISTS.topologies],
        endpointData: '/v6/endpoint-data',
        filterBody: (_list: string, filters: readonly WireFilter[]) =>
          filters.length === 0 ? {} : { searchFilters: filters },
        agentFilterBody: (_list: string, agentIds: string[]) => ({
          searchFilters: [{ key: 'agentId', values: agentIds }],
        }),
        nextLink: (body: { pages?: { next?: string } }) => body.pages?.next,
        range: (query: Record<string, string>) => [query['from'], query['to']],
      };

/** Where a suite reads its expectations: the emulator itself, or its v6 twin on a v7 run. */
function oracle(emulator: RunningEmulator): RunningEmulator {
  return oracles.get(emulator) ?? emulator;
}

export async function signInTo(emulator: RunningEmulator, token: string = DEMO_CREDENTIALS.admin.token): Promise<void> {
  const info = await (await netmonApi()).signIn({ baseUrl: emulator.url, authForm: 'bearer', token });
  assert.ok(info, `signing in to ${emulator.url} failed`);
}

/**
 * Answers every confirmation and save dialog in the user's place while `work` runs, and
 * returns what they showed. `answer` gets each prompt; its return is the user's choice.
 */
export async function answeringPrompts<T>(
  answer: PromptResponder,
  work: () => Thenable<T> | Promise<T>,
): Promise<{ result: T; prompts: Prompt[] }> {
  const api = await netmonApi();
  const prompts: Prompt[] = [];
  api.prompts.respondWith((prompt) => {
    prompts.push(prompt);
    return answer(prompt);
  });
  try {
    return { result: await work(), prompts };
  } finally {
    api.prompts.respondWith(undefined);
  }
}

/** The first action of a confirmation (Create, Update, Delete, Run, Apply); offers are declined. */
export const acceptConfirmations: PromptResponder = (prompt) =>
  prompt.kind === 'confirm' ? prompt.actions[0] : undefined;

/** The text of Show Log once it mentions `mustContain`. */
/** The Netmon log once it holds `mustContain`: the output document trails the channel, so wait for all that is asserted. */
export async function netmonLogText(mustContain: string | RegExp): Promise<string> {
  await vscode.commands.executeCommand('netmon.showLog');
  const holds = (text: string): boolean =>
    typeof mustContain === 'string' ? text.includes(mustContain) : mustContain.test(text);
  const document = await waitFor(
    `the Netmon log to mention ${String(mustContain)}`,
    () =>
      vscode.workspace.textDocuments.find(
        (doc) => doc.uri.scheme === 'output' && doc.uri.path.includes('Netmon') && holds(doc.getText()),
      ),
    10_000,
  );
  return document.getText();
}

export async function signOut(): Promise<void> {
  await vscode.commands.executeCommand('netmon.signOut');
}

/** Plain HTTP against the emulator, to compare the tree with what the API says. */
export async function apiGet<T>(
  emulator: RunningEmulator,
  path: string,
  token: string = DEMO_CREDENTIALS.admin.token,
): Promise<T> {
  const response = await fetch(`${oracle(emulator).url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(response.status, 200, `GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Plain HTTP against the emulator itself, in its dialect: a v7 run's writes (and v7's own fields) are there, not in the twin. */
export async function nativeGet<T>(
  emulator: RunningEmulator,
  path: string,
  token: string = DEMO_CREDENTIALS.admin.token,
): Promise<T> {
  const response = await fetch(`${emulator.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(response.status, 200, `GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * One record as the API gives it to the extension: v6's detail without its envelope, or on a
 * v7 run the emulator's v7 answer in domain words (the client's own renaming, src/api/v7/from.ts,
 * which the client-contract tests hold to the published examples). v7 keeps fields v6 lacks.
 */
export async function detailRecord(
  emulator: RunningEmulator,
  kind: 'endpointAgent' | 'userSession',
  id: string,
): Promise<Record<string, unknown>> {
  if (SUITE_API === 'v7') {
    // Asked as the client asks: with the agent's VPN profiles.
    if (kind === 'endpointAgent')
      return fromEndpointAgent(
        await nativeGet<EndpointAgentWire>(emulator, `${WIRE_PATHS.endpointAgent(id)}?expand=vpnProfiles`),
      );
    const { results } = await nativeGet<{ results: RealUserTestDetailWire[] }>(emulator, WIRE_PATHS.userSession(id));
    return fromRealUserTestDetail(results[0] ?? {});
  }
  const body = await apiGet<Record<string, Record<string, unknown>[]>>(
    emulator,
    kind === 'endpointAgent' ? WIRE_PATHS.endpointAgent(id) : WIRE_PATHS.userSession(id),
  );
  return body[kind === 'endpointAgent' ? 'endpointAgents' : 'userSessions']?.[0] ?? {};
}

/**
 * One page of a time-ranged list (or the agents) from the emulator itself, asked as the extension
 * asks in the suite's dialect: its records and the link to the next page.
 */
export async function nativePage(
  emulator: RunningEmulator,
  path: string,
  query: string,
  filters: readonly WireFilter[] = [],
): Promise<{ records: Record<string, unknown>[]; next?: string }> {
  const post = filters.length > 0 || (SUITE_API === 'v7' && path !== WIRE_PATHS.endpointAgents);
  const response = await fetch(`${emulator.url}${path}${query ? `?${query}` : ''}`, {
    method: post ? 'POST' : 'GET',
    headers: {
      authorization: `Bearer ${DEMO_CREDENTIALS.admin.token}`,
      ...(post ? { 'content-type': 'application/json' } : {}),
    },
    ...(post ? { body: JSON.stringify(WIRE_PATHS.filterBody(path, filters)) } : {}),
  });
  assert.equal(response.status, 200, `${post ? 'POST' : 'GET'} ${path} answered ${response.status}`);
  const body = (await response.json()) as Record<string, unknown>;
  const records = Object.values(body).find(Array.isArray) as Record<string, unknown>[] | undefined;
  return { records: records ?? [], next: WIRE_PATHS.nextLink(body) };
}

/** A deployed enterprise test as the suites compare it: its name, interval and agent ids (numbers). */
export interface DeployedTestView {
  testName?: string;
  interval?: number;
  agents: { agentId: number }[];
}

/**
 * The enterprise tests deployed on the emulator the extension signed in to (writes land there,
 * never in a v7 run's twin): v6 answers `{ test }` with numeric agent ids, v7 `{ tests }` with strings.
 */
export async function deployedTests(emulator: RunningEmulator): Promise<DeployedTestView[]> {
  const body = await nativeGet<{ test?: DeployedTestView[]; tests?: DeployedTestView[] }>(emulator, '/v7/tests');
  return (body.test ?? body.tests ?? []).map(asDeployedView);
}

/** One deployed test, or undefined when the service answers 404 (deleted, or never created). */
export async function deployedTest(
  emulator: RunningEmulator,
  type: string,
  testId: number,
): Promise<DeployedTestView | undefined> {
  const response = await fetch(`${emulator.url}${WIRE_PATHS.enterpriseTest(type, testId)}`, {
    headers: { authorization: `Bearer ${DEMO_CREDENTIALS.admin.token}` },
  });
  if (response.status === 404) return undefined;
  assert.equal(response.status, 200, `GET ${WIRE_PATHS.enterpriseTest(type, testId)} answered ${response.status}`);
  const body = (await response.json()) as { test?: DeployedTestView[] } & DeployedTestView;
  return asDeployedView(SUITE_API === 'v7' ? body : (body.test?.[0] ?? { agents: [] }));
}

function asDeployedView(test: DeployedTestView): DeployedTestView {
  return { ...test, agents: (test.agents ?? []).map((agent) => ({ ...agent, agentId: Number(agent.agentId) })) };
}

export async function apiPost<T>(
  emulator: RunningEmulator,
  path: string,
  body: unknown,
  token: string = DEMO_CREDENTIALS.admin.token,
): Promise<T> {
  const response = await fetch(`${oracle(emulator).url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 200, `POST ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** A request that changes tests: test management (v6's unversioned forms too) or an instant test, in either dialect. */
export function isWriteRequest(request: Pick<LoggedRequest, 'method' | 'path'>): boolean {
  return (
    request.method !== 'GET' &&
    /^\/(v7\/tests|tests|v6\/endpoint-instant|v7\/endpoint\/tests\/scheduled-tests\/[a-z-]+\/instant)\b/.test(
      request.path,
    )
  );
}

export async function emulatorRequests(emulator: RunningEmulator): Promise<LoggedRequest[]> {
  const response = await fetch(`${emulator.url}/_emulator/requests`);
  return ((await response.json()) as { requests: LoggedRequest[] }).requests;
}

export async function clearEmulatorRequests(emulator: RunningEmulator): Promise<void> {
  await fetch(`${emulator.url}/_emulator/requests`, { method: 'DELETE' });
}

export async function roots(api: NetmonExtensionApi): Promise<TreeNode[]> {
  return api.tree.getChildren();
}

export async function root(api: NetmonExtensionApi, label: string): Promise<TreeNode> {
  const found = (await roots(api)).find((node) => node.label === label);
  assert.ok(found, `no root "${label}" in the Netmon tree`);
  return found;
}

export function childrenOf(api: NetmonExtensionApi, node: TreeNode): Promise<TreeNode[]> {
  return api.tree.getChildren(node);
}

export function kindOf(node: TreeNode): string {
  return node.contextValue().split(' ')[0] ?? '';
}

export function records(nodes: readonly TreeNode[]): TreeNode[] {
  return nodes.filter((node) => !['loadMore', 'error', 'empty', 'worstSessions'].includes(kindOf(node)));
}

/** Endpoint Agents' rows as the view shows them: each status group opened, in group order. */
export async function agentRows(api: NetmonExtensionApi, agentsRoot: TreeNode): Promise<TreeNode[]> {
  const rows: TreeNode[] = [];
  for (const node of await childrenOf(api, agentsRoot)) {
    if (kindOf(node) === 'agentGroup') rows.push(...(await childrenOf(api, node)));
    else if (kindOf(node) !== 'agentLabels') rows.push(node);
  }
  return rows;
}

/** The API's agents in the view's order: enabled, disabled, deleted, status not reported (stable within each). */
export function inViewOrder<T extends { status?: unknown; deleted?: unknown }>(agents: readonly T[]): T[] {
  const rank = (agent: T): number =>
    agent.deleted === true ? 2 : agent.status === 'enabled' ? 0 : agent.status === 'disabled' ? 1 : 3;
  return agents
    .map((agent, index) => ({ agent, index }))
    .sort((a, b) => rank(a.agent) - rank(b.agent) || a.index - b.index)
    .map(({ agent }) => agent);
}

/** Waits until the provider fires a change (after load more, retry, refresh). */
export function nextTreeChange(api: NetmonExtensionApi): Promise<void> {
  return new Promise((resolve) => {
    const subscription = api.tree.onDidChangeTreeData(() => {
      subscription.dispose();
      resolve();
    });
  });
}
