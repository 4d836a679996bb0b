// /_emulator/ control routes (only with `control: true`): faults and the request log.
import { parseJsonObject } from '../http/body';
import { badRequest } from '../http/errors';
import { toFaultRule, type FaultInjector } from '../http/faults';
import type { RequestLog } from '../http/request-log';

export interface ControlAnswer {
  status: number;
  body: unknown;
}

export function controlRoute(
  method: string,
  path: string,
  rawBody: string,
  contentType: string | undefined,
  faults: FaultInjector,
  log: RequestLog,
): ControlAnswer | undefined {
  const route = path.replace(/\/+$/, '');
  if (route === '/_emulator/faults') {
    if (method === 'GET') return { status: 200, body: { faults: faults.rules() } };
    if (method === 'DELETE') {
      faults.set([]);
      return { status: 200, body: { faults: [] } };
    }
    if (method === 'PUT') {
      const body = parseJsonObject(rawBody, contentType, 'Setting faults');
      if (!Array.isArray(body.faults)) throw badRequest('faults must be an array of fault rules');
      faults.set(body.faults.map((rule: unknown, i) => toFaultRule(rule, `faults[${i}]`)));
      return { status: 200, body: { faults: faults.rules() } };
    }
    return { status: 405, body: { errorMessage: `Method ${method} is not allowed on ${route}; use GET, PUT, DELETE` } };
  }
  if (route === '/_emulator/requests') {
    if (method === 'GET') return { status: 200, body: { requests: log.list() } };
    if (method === 'DELETE') {
      log.clear();
      return { status: 200, body: { requests: [] } };
    }
    return { status: 405, body: { errorMessage: `Method ${method} is not allowed on ${route}; use GET, DELETE` } };
  }
  return undefined;
}
