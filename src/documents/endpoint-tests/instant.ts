// "Run Now" of an endpoint test document: the scheduled test it describes, run once as an
// endpoint instant test (v7 `POST …/scheduled-tests/{type}/instant`) — its target fields and
// its agent selection as Create sends them; what an instant test has no field for is named.
// The body is in the client's instant-test words (its v7 dialect renames them back), with
// the document's own values: the v7 dialect sends them as written.
import type { EndpointTestType } from '../../api/types';
import { DocumentShapeError } from '../payloads';
import { runNowName } from '../run-now';
import { endpointTestRequest, type EndpointDirectory } from './payload';

export interface EndpointInstantRequest {
  type: EndpointTestType;
  testName: string;
  body: Record<string, unknown>;
  /** The document's fields an instant test has no place for, and why. */
  notCarried: { field: string; why: string }[];
}

/** Document field → the client's instant-test field (the others keep their names). */
const CLIENT_NAMES: Readonly<Record<string, string>> = {
  server: 'serverName',
  hasPing: 'flagPing',
  hasTraceroute: 'flagTraceroute',
  sslVersionId: 'sslVersion',
  verifyCertificate: 'verifyCertHostname',
  protocol: 'networkProtocol',
  hasPathTraceInSession: 'pathtraceInSession',
};

/** What the vendor's instant-test request schemas have no field for. */
const NOT_CARRIED: Readonly<Record<string, string>> = {
  interval: 'an instant test runs once',
  isPrioritized: 'instant tests have no priority',
};
const A2S_NOT_CARRIED: Readonly<Record<string, string>> = {
  ...NOT_CARRIED,
  protocol: 'agent-to-server instant tests have no protocol field',
};

/** `runAt`: the run's time, in its name (instant test names are unique in an account group). */
export function endpointInstantRequest(
  value: unknown,
  directory: EndpointDirectory,
  runAt: Date,
): EndpointInstantRequest {
  const request = endpointTestRequest(value, directory);
  if (request.type === 'dynamic')
    throw new DocumentShapeError(
      'dynamic tests have no instant form: Create deploys it, and its results come from the agents it selects',
    );
  const document = value as Record<string, unknown>;
  const testName = runNowName(request.testName, runAt);
  const left = request.type === 'agent-to-server' ? A2S_NOT_CARRIED : NOT_CARRIED;
  const body: Record<string, unknown> = {};
  for (const [field, fieldValue] of Object.entries({ ...request.body, testName })) {
    if (field in left) continue;
    body[CLIENT_NAMES[field] ?? field] = field === 'hasPathTraceInSession' ? String(fieldValue) : fieldValue;
  }
  const notCarried = Object.keys(left)
    .filter((field) => document[field] !== undefined)
    .map((field) => ({ field, why: left[field] as string }));
  return { type: request.type, testName, body, notCarried };
}
