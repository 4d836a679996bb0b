// One agent's round of an API test as a HAR 1.2 log, so the waterfall we have draws it: one
// page (the round), one entry per step in the order made, each starting where the service
// says or, as v7 sends no step start, where the steps before it (call and processing) ended.
// Timings are the step's own phases (blocked, DNS, connect, send, wait, receive); a step that
// carries none is drawn as one wait of its call's time. v7 sends no status code or method for
// a step (its `Test_Results_API_ApiRequestDetail`): a status or method the service does send
// is kept; else the method is the test's own request's (GET when unknown), and the status
// says the verdict — a failing step 0 with Chrome's `_error` (the waterfall's "(failed)", why
// in its tooltip and detail), a passing one 200 whose text says it only passed its
// assertions. Service text (names, errors) is made one bounded line.
import { MAX_API_STEPS, type ApiTestDetail, type Har, type HarEntry, type HarTimings } from '../../api/types';
import { untrustedLine } from '../text/untrusted';
import { roundMinute } from '../text/utc';
import { apiStepLines, type ApiStepLine } from './api-steps';

/** Characters of a step's URL kept (a URL is the service's text; the waterfall shows it as text). */
const MAX_URL_CHARS = 2000;
const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']);

type Json = Record<string, unknown>;

export interface ApiRoundHarOptions {
  testName: string;
  /** Whose round it is, as the results list named the agent. */
  agentName?: string;
  /** The test's own requests (its definition's `requests`), for each step's method: read tolerantly. */
  definedRequests?: unknown;
}

const record = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const num = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};
const duration = (value: unknown): number | undefined => {
  const n = num(value);
  return n !== undefined && n >= 0 ? n : undefined;
};

/** Epoch ms of a time the service may send as epoch seconds, epoch ms or ISO text. */
function epochMs(value: unknown): number | undefined {
  const n = num(value);
  if (n !== undefined) return n > 0 ? (n < 1e11 ? n * 1000 : n) : undefined;
  if (typeof value !== 'string') return undefined;
  const parsed = Date.parse(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}

const method = (value: unknown): string | undefined => {
  const upper = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return METHODS.has(upper) ? upper : undefined;
};

const named = (step: Json): boolean => typeof step['name'] === 'string' && step['name'].trim() !== '';

/**
 * Each step's method where the test defines it: by its (unique) name, else (a step the service sends unnamed) by its
 * place.
 */
function definedMethods(defined: unknown): { byName: Map<string, string>; byIndex: (string | undefined)[] } {
  const requests = Array.isArray(defined) ? defined.slice(0, MAX_API_STEPS).map(record) : [];
  const byName = new Map<string, string>();
  const byIndex = requests.map((request) => {
    const m = method(request['method']);
    if (m && typeof request['name'] === 'string') byName.set(request['name'].trim().slice(0, 200), m);
    return m;
  });
  return { byName, byIndex };
}

/** HAR timings from the step's phases; a step without any is one wait of its time. */
function stepTimings(step: Json, line: ApiStepLine): { timings: HarTimings; time: number } {
  const [blocked, dns, connect, send, wait, receive] = [
    'blockedTime',
    'dnsTime',
    'connectTime',
    'sendTime',
    'waitTime',
    'receiveTime',
  ].map((key) => duration(step[key]));
  const call = duration(step['apiCallTime']) ?? line.time ?? 0;
  if ([blocked, dns, connect, send, wait, receive].every((phase) => phase === undefined)) {
    return { timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: call, receive: 0 }, time: call };
  }
  const timings: HarTimings = {
    blocked: blocked ?? -1,
    dns: dns ?? -1,
    connect: connect ?? -1,
    ssl: -1,
    send: send ?? 0,
    wait: wait ?? 0,
    receive: receive ?? 0,
  };
  const phases = (blocked ?? 0) + (dns ?? 0) + (connect ?? 0) + (send ?? 0) + (wait ?? 0) + (receive ?? 0);
  // The call's time can hold more than its phases (the vendor's example does): the Time column says the call's.
  return { timings, time: Math.max(phases, call) };
}

/** The status the service sent for the step, when it sends one. */
function sentStatus(step: Json): number | undefined {
  for (const key of ['statusCode', 'responseCode', 'status']) {
    const n = num(step[key]);
    if (n !== undefined && Number.isInteger(n) && n >= 100 && n <= 599) return n;
  }
  return undefined;
}

function failure(line: ApiStepLine): string {
  if (line.assertErrors > 0) return `${line.assertErrors} assertion error${line.assertErrors === 1 ? '' : 's'}`;
  return untrustedLine(line.errorDetails ?? 'the step did not complete', 200);
}

function stepResponse(step: Json, line: ApiStepLine): HarEntry['response'] {
  const sent = sentStatus(step);
  const status = sent ?? (line.failed ? 0 : 200);
  const statusText = sent !== undefined || line.failed ? '' : 'passed its assertions (no status code reported)';
  return {
    status,
    statusText,
    httpVersion: '',
    cookies: [],
    headers: [],
    content: { size: 0, mimeType: '' },
    redirectURL: '',
    headersSize: -1,
    bodySize: -1,
    ...(line.failed ? { _error: failure(line) } : {}),
  };
}

/** The round's HAR: its page named with the test, the agent and the round's minute. */
export function apiRoundHar(detail: ApiTestDetail, options: ApiRoundHarOptions): Har {
  const raw = (Array.isArray(detail.requests) ? detail.requests : []).slice(0, MAX_API_STEPS).map(record);
  const lines = apiStepLines(detail, MAX_API_STEPS);
  const roundStart = epochMs(record(detail)['startTime']) ?? detail.roundId * 1000;
  const pageId = `round_${detail.roundId}`;
  const agent = untrustedLine(
    options.agentName ?? (typeof detail.agentName === 'string' ? detail.agentName : detail.agentId),
    80,
  );
  const methods = definedMethods(options.definedRequests);
  let cursor = roundStart;
  const entries = lines.map((line, index): HarEntry => {
    const step = raw[index] ?? {};
    const start = epochMs(step['startTime'] ?? step['startedDateTime'] ?? step['date']) ?? cursor;
    const { timings, time } = stepTimings(step, line);
    // The next step starts after this one's call and the processing after it.
    cursor = start + Math.max(time, line.time ?? 0);
    const name = untrustedLine(line.name, 200);
    const url = typeof step['url'] === 'string' ? step['url'].trim().slice(0, MAX_URL_CHARS) : '';
    return {
      pageref: pageId,
      startedDateTime: new Date(start).toISOString(),
      time,
      request: {
        method:
          method(step['method']) ??
          methods.byName.get(line.name) ??
          (named(step) ? undefined : methods.byIndex[index]) ??
          'GET',
        url,
        httpVersion: '',
        cookies: [],
        headers: [],
        queryString: [],
        headersSize: -1,
        bodySize: -1,
      },
      response: stepResponse(step, line),
      cache: {},
      timings,
      _resourceType: 'fetch',
      comment: `step ${line.stepNumber} '${name}'${line.failed ? ` failed: ${failure(line)}` : ''}`,
    };
  });
  return {
    log: {
      version: '1.2',
      creator: { name: 'Netmon Workbench (API test steps)', version: '1' },
      pages: [
        {
          id: pageId,
          title: `${untrustedLine(options.testName, 120)} · ${agent} · ${roundMinute(detail.roundId)}`,
          startedDateTime: new Date(roundStart).toISOString(),
          pageTimings: {},
        },
      ],
      entries,
    },
  };
}
