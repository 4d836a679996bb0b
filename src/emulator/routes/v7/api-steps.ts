// An API test's round as the requests it made: the test's own requests (names, URLs) when its
// document has them, else a status check, a sign-in and a listing on its target (GET /status,
// POST /login, GET /items). Each step's
// time is its call's phases (DNS on the first only) plus its processing; the round's
// transaction time is the steps' times added up and its completion the share of steps that
// passed their assertions. A failed round stops at its first step; about one round in 25
// (seeded) has a step whose assertions fail. The list and the round's detail say the same.
import { Rng } from '../../world/prng';
import { testField, type EnterpriseRound } from '../../world/enterprise-results';
import { ms } from './page-har';

type Json = Record<string, unknown>;

/** Steps of a test's own requests kept at most. */
const MAX_STEPS = 10;
const DEFAULT_STEPS = [
  ['GET', 'status'],
  ['POST', 'login'],
  ['GET', 'items'],
] as const;

function stepTargets(round: EnterpriseRound): { name: string; url: string }[] {
  const own = testField(round.plan.test, 'requests');
  const named = Array.isArray(own)
    ? own.slice(0, MAX_STEPS).flatMap((r: unknown) => {
        const request = typeof r === 'object' && r !== null ? (r as Json) : {};
        return typeof request['name'] === 'string' && typeof request['url'] === 'string'
          ? [{ name: request['name'].slice(0, 200), url: request['url'].slice(0, 500) }]
          : [];
      })
    : [];
  if (named.length > 0) return named;
  return DEFAULT_STEPS.map(([method, path]) => ({
    name: `${method} /${path}`,
    url: `https://${round.plan.target.host}/${path}`,
  }));
}

/** The round's steps, in the order made (`requests` of v7's `Test_Results_API_ApiRequestDetail`). */
export function apiSteps(round: EnterpriseRound): Json[] {
  const rng = Rng.of(round.plan.seed, 'enterprise-api', round.plan.test.testId, round.agent.agentId, round.roundId);
  const targets = stepTargets(round);
  const failing = !round.error && rng.chance(0.04) ? rng.int(0, targets.length - 1) : -1;
  return (round.error ? targets.slice(0, 1) : targets).map((target, index) => {
    const base = { stepNumber: index + 1, name: target.name, url: target.url, stepType: 'default' };
    if (round.error)
      return {
        ...base,
        apiCallTime: 0,
        stepTime: 0,
        dnsTime: 0,
        connectTime: 0,
        sendTime: 0,
        receiveTime: 0,
        processingTime: 0,
        completion: 0,
        assertErrorCount: 0,
        assertions: [],
      };
    const dns = index === 0 ? rng.int(2, 25) : 0;
    const connect = ms(round.avgLatency);
    const send = rng.int(1, 8);
    const wait = ms(round.avgLatency + rng.int(20, 180));
    const receive = rng.int(1, 40);
    const call = dns + connect + send + wait + receive;
    const processing = rng.int(1, 20);
    const errors = index === failing ? rng.int(1, 2) : 0;
    return {
      ...base,
      apiCallTime: call,
      stepTime: call + processing,
      blockedTime: 0,
      dnsTime: dns,
      connectTime: connect,
      sendTime: send,
      waitTime: wait,
      receiveTime: receive,
      responseTime: connect + send + wait,
      processingTime: processing,
      completion: errors > 0 ? 0 : 100,
      assertErrorCount: errors,
      assertions: [{ step: 1, hasFailed: errors > 0 }, ...(errors > 1 ? [{ step: 2, hasFailed: true }] : [])],
    };
  });
}

/** The round's result fields, from its steps. */
export function apiResult(round: EnterpriseRound, steps = apiSteps(round)): Json {
  if (round.error) return { apiTransactionTime: 0, completion: 0, errorType: 'Connect', errorDetails: round.error };
  const passed = steps.filter((step) => step['completion'] === 100).length;
  return {
    apiTransactionTime: steps.reduce((sum, step) => sum + Number(step['stepTime']), 0),
    completion: Math.round((1000 * passed) / Math.max(1, steps.length)) / 10,
    errorType: 'None',
  };
}
