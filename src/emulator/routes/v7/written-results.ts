// Results of the endpoint tests written through v7: a scheduled test created (or patched) by
// POST/PATCH …/scheduled-tests/{type} reports as the world's own tests do — the same network
// metrics, path traces and HTTP server timings, a function of (seed, test, agent, round) —
// from its creation second (its first round, off the grid), then on its interval's grid, on
// the agents its selection names (by id, or the agents its labels hold); `all-agents` lets the
// world choose them. Instant tests read the same selection here.
import type { EndpointTest } from '../../../api/types';
import { endpointTestLinks } from '../../world/endpoint-tests';
import type { GroupWorld } from '../../world/model';
import type { EmulatorState } from '../state';
import type { RequestContext } from '../../http/router';
import { endpointBook, SEEDED_AGENT_WINDOW, type EndpointBook, type StoredRecord } from './endpoint-book';
import { platformOf } from './endpoint-agent-filter';

/** The agent ids a selection (`agentSelectorConfig`) names; undefined for `all-agents` (the world chooses). */
export function selectedAgents(book: EndpointBook, group: GroupWorld, selection: StoredRecord): string[] | undefined {
  const max = typeof selection.maxMachines === 'number' ? selection.maxMachines : Infinity;
  if (selection.agentSelectorType === 'specific-agents') return (selection.agents as string[]).slice(0, max);
  if (selection.agentSelectorType !== 'agent-labels') return undefined;
  const ids = new Set<string>();
  for (const labelId of selection.endpointAgentLabels as string[]) {
    for (const filter of (book.labels.get(labelId)?.filters ?? []) as { key: string; values: string[] }[]) {
      if (filter.key === 'agent-id') for (const id of filter.values) ids.add(id);
      // Labels were seeded from this window of agents: a platform label holds those of them on it.
      if (filter.key === 'platform')
        for (const agent of group.endpointAgents(0, SEEDED_AGENT_WINDOW))
          if (filter.values.includes(platformOf(agent))) ids.add(agent.agentId);
    }
  }
  return [...ids].slice(0, max);
}

/** Registers (again, after a patch) a created scheduled test's results with the world. */
export function planWrittenTest(state: EmulatorState, ctx: RequestContext, record: StoredRecord): void {
  const type = String(record.type);
  if (type !== 'agent-to-server' && type !== 'http-server') return;
  const testId = Number(record.testId);
  const created = Date.parse(String(record.createdDate)) / 1000;
  const test = {
    testId,
    type,
    testName: String(record.testName),
    interval: Number(record.interval),
    enabled: record.isEnabled === false ? 0 : 1,
    savedEvent: 0,
    alertsEnabled: 0,
    bandwidthMeasurements: 0,
    bgpMeasurements: 0,
    networkMeasurements: record.networkMeasurements === false ? 0 : 1,
    mtuMeasurements: 0,
    usePublicBgp: 0,
    server: String(record.server ?? ''),
    port: typeof record.port === 'number' ? record.port : 0,
    protocol: String(record.protocol).toUpperCase(),
    ...(typeof record.url === 'string' ? { url: record.url } : {}),
    apiLinks: endpointTestLinks(testId, type),
  } as EndpointTest;
  const selection = (record.agentSelectorConfig ?? {}) as StoredRecord;
  ctx.group.addWrittenTest(
    test,
    Number.isFinite(created) ? created : ctx.nowSeconds,
    selectedAgents(endpointBook(state, ctx.group), ctx.group, selection),
  );
}
