// Small hand-written traces for the path tests.
import type { PathHop, PathTrace } from '../../../src/api/types';

export const TARGET_IP = '203.0.113.10';

export function hop(number: number, ipAddress: string, responseTime?: number, extra: Partial<PathHop> = {}): PathHop {
  return { hop: number, ipAddress, ...(responseTime !== undefined ? { responseTime } : {}), ...extra };
}

export function trace(agentId: string, routes: PathHop[][], roundId = 1_700_000_000): PathTrace {
  return {
    agentId,
    permalink: '',
    roundId,
    server: `${TARGET_IP}:443`,
    serverIp: TARGET_IP,
    sourceIp: `10.0.0.${agentId.length}`,
    sourcePrefix: '10.0.0.0/24',
    routes: routes.map((hops, i) => ({ pathId: `${agentId}-${roundId}-${i}`, hops })),
  };
}
