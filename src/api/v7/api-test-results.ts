// v7's detail of an API test's round: `GET /v7/test-results/{testId}/api/agent/{agentId}/round/{roundId}`,
// the round's result with each request (step) the test made, in order. The agent is lifted
// beside the round like the other results; steps past MAX_API_STEPS are not read, and a step
// whose number is missing takes its place in the list.
import { decodeRecord, type RecordShape } from '../decode/records';
import type { RecordRoute } from '../dialect';
import { isRecord } from '../paging';
import { segment } from '../query';
import { liftAgent } from './test-results';
import { MAX_API_STEPS } from '../types/test-results';

export { MAX_API_STEPS } from '../types/test-results';

const STEP_TIMES = [
  'apiCallTime',
  'blockedTime',
  'connectTime',
  'dnsTime',
  'processingTime',
  'receiveTime',
  'responseTime',
  'sendTime',
  'stepTime',
  'waitTime',
];
const API_DETAIL_SHAPE: RecordShape = {
  id: 'agentId',
  idType: 'text',
  numbers: ['roundId', 'apiTransactionTime', 'completion'],
  arrays: {
    requests: {
      numbers: ['stepNumber', 'completion', 'assertErrorCount', ...STEP_TIMES],
      arrays: { assertions: { numbers: ['step'], booleans: ['hasFailed'] } },
    },
  },
};

function tidy(record: Record<string, unknown>): Record<string, unknown> {
  for (const key of Object.keys(record)) if (record[key] === null || key === '_links') delete record[key];
  return record;
}

export function v7ApiTestDetail(testId: number | string, agentId: string, roundId: number): RecordRoute {
  return {
    method: 'GET',
    path: `v7/test-results/${segment(testId)}/api/agent/${segment(agentId)}/round/${segment(roundId)}`,
    read: (body, endpoint) => {
      const first = isRecord(body) && Array.isArray(body['results']) ? liftAgent(body['results'][0]) : undefined;
      if (!isRecord(first)) return undefined;
      if (first['agentId'] === undefined || first['agentId'] === null) first['agentId'] = agentId;
      first['requests'] = Array.isArray(first['requests']) ? first['requests'].slice(0, MAX_API_STEPS) : [];
      const decoded = decodeRecord(first, API_DETAIL_SHAPE, endpoint, 0);
      if (!decoded.ok) return undefined;
      const record = tidy(decoded.record);
      const requests = Array.isArray(record['requests']) ? (record['requests'] as Record<string, unknown>[]) : [];
      record['requests'] = requests.map((step, index) =>
        tidy({ ...step, stepNumber: typeof step['stepNumber'] === 'number' ? step['stepNumber'] : index + 1 }),
      );
      return record;
    },
  };
}
