// What the panels fetch besides their main record: the test, agent names, the traces of a
// round, and the time range (the view's, widened when it is just the current round).
import type { ListOptions, NetmonClient } from '../../api';
import { readRoundTraces } from '../../analysis/path/read-rounds';
import type { EndpointTest, PathTrace } from '../../api/types';

export type TimeOptions = Pick<ListOptions, 'window' | 'from' | 'to'>;

/**
 * Series and round selectors need history: the tree's default "current round" holds one
 * point per agent, so the panels then show the last hour instead and say so.
 */
export function historyRange(viewRange: TimeOptions): { options: TimeOptions; label: string } {
  if (viewRange.window !== undefined)
    return { options: { window: viewRange.window }, label: `last ${viewRange.window}` };
  if (viewRange.from && viewRange.to) {
    const utc = (date: Date): string => date.toISOString().slice(0, 16).replace('T', ' ');
    return {
      options: { from: viewRange.from, to: viewRange.to },
      label: `${utc(viewRange.from)} → ${utc(viewRange.to)} UTC`,
    };
  }
  return { options: { window: '1h' }, label: 'last 1h' };
}

export async function endpointTest(client: NetmonClient, testId: number, signal: AbortSignal): Promise<EndpointTest> {
  return client.getEndpointTest(testId, { signal });
}

/** Agent names by id from the connection's directory (one shared read; ids stand in when it fails). */
export async function agentNames(client: NetmonClient, signal: AbortSignal): Promise<Record<string, string>> {
  return (await client.agentDirectory().ready(signal)).names();
}

/** The detailed traces of one round, one request per agent (the shared reader). */
export function roundTraces(
  client: NetmonClient,
  testId: number,
  agentIds: readonly string[],
  roundId: number,
  signal: AbortSignal,
): Promise<PathTrace[]> {
  return readRoundTraces(client, testId, agentIds, roundId, signal);
}

export function testTitle(test: EndpointTest): string {
  const target = test.url ?? test.server;
  return target ? `${test.testName} · ${target}` : test.testName;
}
