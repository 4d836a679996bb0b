// run_instant_test on today's API (v7): a test document of any enterprise type run once,
// whole, as `netmon run` and the editor's Run Now run it — the body Create would send
// (src/workflows/run.ts), the same wait (src/analysis/instant/enterprise-run.ts) and the same
// results table (src/analysis/instant/run-view.ts) — answered per agent by name, the failing
// and silent agents said. Also what the write will do, for its confirmation.
import { runKindOf, waitForRun } from '../analysis/instant/enterprise-run';
import { instantResultsText } from '../analysis/instant/results';
import { enterpriseRunView } from '../analysis/instant/run-view';
import { untrustedLine } from '../analysis/text/untrusted';
import type { TestResult } from '../api/types';
import { documentRunRequest } from '../workflows/run';
import { capList, omittedNote } from './bound';
import { fenced, outside } from './fence';
import { ToolInputError, type ToolAnswer, type ToolContext } from './types';

/** Agents listed in an answer (and in a confirmation), at most. */
const MAX_AGENTS = 50;
const MAX_CONFIRM_AGENTS = 10;
/**
 * A model waits for the tool, and MCP clients give up on a call after 60 s by default (the
 * SDK's request timeout): the wait ends before that, and every silent agent is said.
 */
const TOOL_RUN_TIMEOUT_MS = 50_000;
/** The fields that say where a test points, by type (the first one present is shown). */
const TARGET_FIELDS = ['url', 'server', 'serverName', 'domain', 'targetAgentId', 'target'] as const;

export async function runEnterpriseDocument(ctx: ToolContext, name: string, source: string): Promise<ToolAnswer> {
  const { type, body } = await documentRunRequest(ctx.account, source);
  try {
    runKindOf(type); // a type with no results to wait for is refused before anything is sent
  } catch (error) {
    throw new ToolInputError(`${(error as Error).message}: nothing was run`);
  }
  const { client, requestAid: aid } = ctx.account;
  const signal = ctx.signal;
  const since = Math.floor(ctx.now() / 1000);
  const test = await client.runInstantTest(type, body, { aid, ...(signal ? { signal } : {}) });
  const agentNames = new Map(
    (test.agents ?? []).map((agent) => [String(agent.agentId), String(agent.agentName ?? agent.agentId)]),
  );
  const agentIds = [...agentNames.keys()];
  if (agentIds.length === 0) throw new ToolInputError(`instant test ${test.testId} lists no agents to wait for`);
  let records: readonly TestResult[] = [];
  const outcome = await waitForRun(client, test, agentIds, since, {
    aid,
    now: ctx.now,
    timeoutMs: TOOL_RUN_TIMEOUT_MS,
    onProgress: (_answered, _waiting, ran) => {
      records = ran;
    },
    ...(signal ? { signal } : {}),
  });
  const view = enterpriseRunView({
    testId: test.testId,
    testName: String(test.testName),
    type: String(test.type),
    kind: outcome.kind,
    instant: true,
    agentNames,
    answered: outcome.agents,
    waitingFor: outcome.missing,
    records,
    phase: 'done',
    notes: [`Run now of ${name}, sent whole as an instant test (nothing is deployed).`],
  });
  const failing = outcome.agents.filter((agent) => agent.health === 'failing');
  const shown = capList(outcome.agents, MAX_AGENTS);
  const nameOf = (agentId: string): string => outside(agentNames.get(agentId) ?? agentId, 100);
  return {
    text: [
      `Instant run of test ${test.testId} (${String(test.type)}): ${outcome.agents.length} of ${agentIds.length} ` +
        `agents answered, ${failing.length} failing, ${outcome.missing.length} without an answer.`,
      ...(failing.length + outcome.missing.length > 0
        ? ['The failing and silent agents are named in the table below (✗, or "no answer").']
        : []),
      ...(outcome.missing.length > 0
        ? [
            `Agents without an answer may still answer after ${TOOL_RUN_TIMEOUT_MS / 1000} s of waiting: the test ` +
              `keeps its results in the account.`,
          ]
        : []),
      fenced('the run: the document, test and agent names, targets and errors come from the workspace and the API', [
        `document ${name}`,
        ...instantResultsText(view).split('\n'),
      ]),
    ].join('\n'),
    data: {
      testId: test.testId,
      testName: outside(test.testName, 200),
      type: String(test.type),
      kind: outcome.kind,
      document: outside(name, 200),
      agents: shown.items.map((agent) => ({
        agentId: agent.agentId,
        agent: nameOf(agent.agentId),
        health: agent.health,
        reason: outside(agent.reason, 300),
      })),
      agentsLeftOut: shown.omitted,
      failing: failing.slice(0, MAX_AGENTS).map((agent) => nameOf(agent.agentId)),
      missing: outcome.missing.slice(0, MAX_AGENTS).map((agentId) => ({ agentId, agent: nameOf(agentId) })),
      missingLeftOut: Math.max(0, outcome.missing.length - MAX_AGENTS),
    },
  };
}

/**
 * "the http-server test "Portal" toward https://…, from Frankfurt, DE; London, GB": what will run, for a
 * confirmation.
 */
export function describeDocumentTest(value: unknown): string {
  const document = (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}) as Record<
    string,
    unknown
  >;
  const type = untrustedLine(document['type'] ?? 'unknown', 40);
  const field = TARGET_FIELDS.find((key) => document[key] !== undefined && document[key] !== '');
  const target = field ? ` toward ${untrustedLine(document[field], 200)}` : '';
  return `the ${type} test "${untrustedLine(document['testName'] ?? '', 120)}"${target}`;
}

/** The document's agents by name (or id), bounded. */
export function documentAgentNames(value: unknown): string {
  const agents = (value as { agents?: unknown } | undefined)?.agents;
  if (!Array.isArray(agents) || agents.length === 0) return 'no agents';
  const names = capList(agents, MAX_CONFIRM_AGENTS).items.map((agent: unknown) => {
    const record = (agent ?? {}) as Record<string, unknown>;
    return untrustedLine(record['agentName'] ?? `agent ${String(record['agentId'] ?? '?')}`, 80);
  });
  return [names.join('; '), ...omittedNote(agents.length - names.length, 'agents', 'see the document')].join(' ');
}
