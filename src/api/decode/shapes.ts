// The shape of each list's records, as the model declares them: which field identifies a
// record, which fields are ids, numbers, booleans and nested objects. One entry per list.
import type { RecordShape } from './records';

const PING = { numbers: ['pktsSent', 'pktsReceived', 'minRtt', 'avgRtt', 'maxRtt', 'meanDevRtt'] } as const;
const STAT = { numbers: ['min', 'max', 'mean', 'median', 'stdDev', 'count'] } as const;
const SYSTEM = {
  numbers: ['startTimeMs', 'endTimeMs', 'physicalMemoryTotalBytes'],
  objects: { cpuUtilization: STAT, physicalMemoryUsedBytes: STAT },
} as const;
const PROFILE = {
  objects: { wirelessProfile: { numbers: ['channel', 'noise', 'quality', 'rssi', 'txRate'] } },
} as const;
const HOP = { numbers: ['hop', 'delay', 'responseTime', 'asn'], textIds: [] } as const;

export const SHAPES = {
  userSessions: {
    id: 'userSessionId',
    idType: 'text',
    textIds: ['agentId', 'pageId'],
    numbers: ['roundId', 'port', 'numberOfPages', 'experienceScore'],
  },
  webSessions: {
    id: 'pageId',
    idType: 'text',
    textIds: ['agentId', 'userSessionId'],
    numbers: ['roundId', 'responseCode', 'responseTime'],
    objects: { pageTimings: { numbers: ['onContentLoad', 'onLoad'] }, systemMetrics: SYSTEM },
  },
  networkSessions: {
    id: 'userSessionId',
    idType: 'text',
    textIds: ['agentId'],
    numbers: ['roundId'],
    objects: {
      destination: { numbers: ['latency', 'loss', 'jitter', 'avgRtt', 'maxRtt', 'meanDevRtt'] },
      systemMetrics: SYSTEM,
    },
  },
  networkProbes: {
    id: 'networkProbeId',
    idType: 'text',
    textIds: ['agentId'],
    numbers: ['roundId'],
    booleans: ['icmpBlocked'],
    objects: { icmpPing: PING },
  },
  endpointAgents: { id: 'agentId', idType: 'text', booleans: ['deleted'] },
  enterpriseAgents: { id: 'agentId', idType: 'number', booleans: ['enabled'] },
  privateNetworks: { id: 'networkId', idType: 'text' },
  endpointTests: {
    id: 'testId',
    idType: 'number',
    numbers: ['interval'],
    booleans: ['enabled', 'alertsEnabled', 'savedEvent'],
  },
  netMetrics: {
    id: 'agentId',
    idType: 'text',
    numbers: ['roundId', 'testId', 'avgLatency', 'minLatency', 'maxLatency', 'loss', 'jitter'],
  },
  pathVis: { id: 'agentId', idType: 'text', numbers: ['roundId', 'testId'] },
  httpServer: {
    id: 'agentId',
    idType: 'text',
    numbers: [
      'roundId',
      'testId',
      'responseCode',
      'dnsTime',
      'connectTime',
      'sslTime',
      'waitTime',
      'receiveTime',
      'responseTime',
      'totalTime',
      'redirectTime',
      'numRedirects',
      'wireSize',
    ],
  },
  // Details: one record per read, deeper shapes.
  userSessionDetail: {
    id: 'userSessionId',
    idType: 'text',
    textIds: ['agentId', 'pageId'],
    numbers: ['roundId', 'port', 'numberOfPages', 'experienceScore'],
    objects: {
      coordinates: { numbers: ['latitude', 'longitude'] },
      network: {
        booleans: ['icmpBlocked'],
        objects: {
          networkProfile: PROFILE,
          systemMetrics: SYSTEM,
          gatewayPing: PING,
          ping: PING,
          connect: { numbers: ['rtt'] },
          traceroute: { arrays: { hops: HOP } },
        },
      },
    },
    arrays: {
      pages: {
        textIds: ['id'],
        numbers: ['responseCode'],
        objects: { pageTimings: { numbers: ['onContentLoad', 'onLoad'] } },
      },
    },
  },
  networkProbeDetail: {
    id: 'networkProbeId',
    idType: 'text',
    textIds: ['agentId'],
    numbers: ['roundId'],
    booleans: ['icmpBlocked'],
    objects: { icmpPing: PING, networkProfile: PROFILE, coordinates: { numbers: ['latitude', 'longitude'] } },
  },
  pathTrace: {
    id: 'agentId',
    idType: 'text',
    numbers: ['roundId'],
    arrays: { routes: { arrays: { hops: HOP } } },
  },
} as const satisfies Record<string, RecordShape>;

export type ListShape = keyof typeof SHAPES;
