// The shape of each list's records, as the model declares them: which field identifies a
// record, which fields are ids, numbers, booleans and nested objects. One entry per list.
import type { RecordShape } from './records';

const PING = { numbers: ['pktsSent', 'pktsReceived', 'minRtt', 'avgRtt', 'maxRtt', 'meanDevRtt'] } as const;
const SYSTEM = { numbers: ['startTimeMs', 'endTimeMs', 'physicalMemoryTotalBytes'] } as const;

export const SHAPES = {
  userSessions: { id: 'userSessionId', idType: 'text', textIds: ['agentId', 'pageId'], numbers: ['roundId', 'port', 'numberOfPages', 'experienceScore'] },
  webSessions: { id: 'pageId', idType: 'text', textIds: ['agentId', 'userSessionId'], numbers: ['roundId', 'responseCode', 'responseTime'], objects: { pageTimings: { numbers: ['onContentLoad', 'onLoad'] }, systemMetrics: SYSTEM } },
  networkSessions: { id: 'userSessionId', idType: 'text', textIds: ['agentId'], numbers: ['roundId'], objects: { destination: { numbers: ['latency', 'loss', 'jitter', 'avgRtt', 'maxRtt', 'meanDevRtt'] }, systemMetrics: SYSTEM } },
  networkProbes: { id: 'networkProbeId', idType: 'text', textIds: ['agentId'], numbers: ['roundId'], booleans: ['icmpBlocked'], objects: { icmpPing: PING } },
  endpointAgents: { id: 'agentId', idType: 'text', booleans: ['deleted'] },
  privateNetworks: { id: 'networkId', idType: 'text' },
  endpointTests: { id: 'testId', idType: 'number', numbers: ['interval'], booleans: ['enabled', 'alertsEnabled', 'savedEvent'] },
  netMetrics: { id: 'agentId', idType: 'text', numbers: ['roundId', 'testId', 'avgLatency', 'minLatency', 'maxLatency', 'loss', 'jitter'] },
  pathVis: { id: 'agentId', idType: 'text', numbers: ['roundId', 'testId'] },
  httpServer: { id: 'agentId', idType: 'text', numbers: ['roundId', 'testId', 'responseCode', 'dnsTime', 'connectTime', 'sslTime', 'waitTime', 'receiveTime', 'responseTime', 'totalTime', 'redirectTime', 'numRedirects', 'wireSize'] },
} as const satisfies Record<string, RecordShape>;

export type ListShape = keyof typeof SHAPES;
