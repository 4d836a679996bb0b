// The decoding boundary's view of v7 records (ids as strings or integers, numeric strings,
// nulls): one shape per operation, as deep as the mappers read.
import type { NestedShape, RecordShape } from '../decode/records';

const PING = { numbers: ['pktsSent', 'pktsReceived', 'minRtt', 'avgRtt', 'maxRtt', 'meanDevRtt', 'loss'] } as const;
const STAT = { numbers: ['min', 'max', 'mean', 'median', 'stdDev', 'count'] } as const;
const SYSTEM = {
  numbers: ['startTimeMs', 'endTimeMs', 'physicalMemoryTotalBytes'],
  objects: { cpuUtilization: STAT, physicalMemoryUsedBytes: STAT },
} as const;
const PROFILE = {
  objects: { wirelessProfile: { numbers: ['channel', 'noise', 'quality', 'rssi', 'txRate'] } },
} as const;
const HOP = { numbers: ['hop', 'delay', 'responseTime', 'asn'] } as const;
const TRACEROUTE = { arrays: { hops: HOP } } as const;
const SCORE = { numbers: ['score'] } as const;
const TIMINGS = { numbers: ['onContentLoad', 'onLoad'] } as const;
const METRICS = { numbers: ['latency', 'loss', 'jitter'] } as const;
const ROUTE: NestedShape = { numbers: ['numberOfHops', 'responseTime'], arrays: { hops: HOP } };
const TEST_FLAGS = [
  'isEnabled',
  'isSavedEvent',
  'networkMeasurements',
  'followRedirects',
  'verifyCertificate',
  'useNtlm',
  'hasPathTraceInSession',
  'isPrioritized',
] as const;

const REAL_USER_TEST = {
  id: 'id',
  idType: 'text',
  textIds: ['agentId', 'pageId'],
  numbers: ['roundId', 'port', 'numberOfPages', 'experienceScore'],
} as const;
const TOPOLOGY = {
  id: 'networkTopologyId',
  idType: 'text',
  textIds: ['agentId'],
  numbers: ['roundId', 'targetPort'],
  booleans: ['isIcmpBlocked'],
  objects: {
    icmpPing: PING,
    tcpConnect: { numbers: ['rtt'] },
    systemMetrics: SYSTEM,
    gatewayScore: SCORE,
    vpnScore: SCORE,
    proxyScore: SCORE,
    connectionScore: SCORE,
    agentScore: SCORE,
  },
} as const;

export const V7_SHAPES = {
  realUserTests: REAL_USER_TEST,
  realUserTestDetail: {
    ...REAL_USER_TEST,
    objects: {
      coordinates: { numbers: ['latitude', 'longitude'] },
      network: {
        booleans: ['isIcmpBlocked'],
        numbers: ['connectRtt'],
        objects: {
          networkProfile: PROFILE,
          systemMetrics: SYSTEM,
          gatewayPing: PING,
          ping: PING,
          vpnPing: PING,
          traceroute: TRACEROUTE,
          vpnTraceroute: TRACEROUTE,
        },
      },
    },
    arrays: { pages: { textIds: ['pageId'], numbers: ['responseCode'], objects: { pageTimings: TIMINGS } } },
  },
  pages: {
    id: 'pageId',
    idType: 'text',
    textIds: ['agentId', 'id'],
    numbers: ['roundId', 'responseCode', 'responseTime'],
    objects: { pageTimings: TIMINGS, systemMetrics: SYSTEM },
  },
  networks: {
    id: 'id',
    idType: 'text',
    textIds: ['agentId'],
    numbers: ['roundId'],
    objects: { destination: METRICS, vpn: METRICS, proxy: METRICS, systemMetrics: SYSTEM },
  },
  topologies: TOPOLOGY,
  topologyDetail: {
    ...TOPOLOGY,
    objects: { ...TOPOLOGY.objects, coordinates: { numbers: ['latitude', 'longitude'] }, networkProfile: PROFILE },
  },
  localNetworks: { id: 'networkId', idType: 'text' },
  endpointAgents: {
    id: 'id',
    idType: 'text',
    booleans: ['deleted'],
    numbers: ['numberOfClients'],
    objects: { location: { numbers: ['latitude', 'longitude'] } },
  },
  enterpriseAgents: { id: 'agentId', idType: 'number', booleans: ['enabled'] },
  endpointTests: {
    id: 'testId',
    idType: 'number',
    numbers: ['interval', 'port', 'httpTimeLimit', 'httpTargetTime'],
    booleans: TEST_FLAGS,
  },
  enterpriseTest: {
    id: 'testId',
    idType: 'number',
    numbers: ['interval'],
    booleans: ['enabled', 'alertsEnabled', 'savedEvent'],
    arrays: { agents: { numbers: ['agentId'] } },
  },
  netMetrics: {
    id: 'agentId',
    idType: 'text',
    numbers: ['roundId', 'testId', 'avgLatency', 'minLatency', 'maxLatency', 'loss', 'jitter'],
  },
  pathVis: { id: 'agentId', idType: 'text', numbers: ['roundId', 'testId'], arrays: { pathTraces: ROUTE } },
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
      'throughput',
    ],
  },
  pathTrace: {
    id: 'agentId',
    idType: 'text',
    numbers: ['roundId', 'testId'],
    arrays: { pathTraces: ROUTE, vpnPathTraces: ROUTE },
  },
  accountGroups: { id: 'aid', idType: 'number', booleans: ['isCurrentAccountGroup', 'isDefaultAccountGroup'] },
} as const satisfies Record<string, RecordShape>;
