// Health of an enterprise test's results at a glance: each result (one agent's round) as ok,
// degraded or failing with the words that say why, each agent's latest round, and the test's
// worst. Written once: `netmon results` prints it and the explorer's Deployed Tests show it.
// Reasons may carry the service's error text: callers neutralise them where they show them.
import type { TestResult, TestResultKind, TestResultRecords } from '../../api/types';
import { isNoErrorType } from '../error-type';
import { THRESHOLDS } from '../session/thresholds';
import { networkHealthInHistory } from './network-health';

export type Health = 'ok' | 'degraded' | 'failing' | 'unknown';

export interface ResultHealth {
  health: Health;
  reason: string;
}

export interface AgentHealth extends ResultHealth {
  agentId: string;
  agentName: string;
  roundId: number;
}

export const HEALTH_ORDER: Readonly<Record<Health, number>> = { failing: 0, degraded: 1, unknown: 2, ok: 3 };

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' && value !== 'None' ? value.trim().slice(0, 200) : undefined;
/** Under this mean opinion score a call is less than good (ITU-T G.107's "some users dissatisfied"). */
const FAIR_MOS = 3.6;
const msText = (value: number | undefined): string => (value === undefined ? '? ms' : `${Math.round(value)} ms`);

function failure(record: { errorDetails?: unknown; errorType?: unknown }): ResultHealth | undefined {
  // The service's own word that there was no error outweighs a leftover detail (its published API example sends both).
  if (isNoErrorType(record.errorType)) return undefined;
  const details = text(record.errorDetails);
  const type = text(record.errorType);
  if (!details && !type) return undefined;
  return { health: 'failing', reason: details ?? `${type} error` };
}

type Judge<K extends TestResultKind> = (record: TestResultRecords[K]) => ResultHealth;

const JUDGES: { [K in TestResultKind]: Judge<K> } = {
  network(r) {
    const loss = num(r.loss) ?? 0;
    if (loss >= 100) return failure(r) ?? { health: 'failing', reason: 'target unreachable (100% loss)' };
    // No packet counts: under the ISP's bad share one round's loss may be one packet (network-health.ts).
    if (loss >= THRESHOLDS.isp.lossBad * 100)
      return { health: 'degraded', reason: `${loss}% loss, latency ${msText(num(r.avgLatency))}` };
    if (loss > 0) return { health: 'ok', reason: `${loss}% loss in one round, latency ${msText(num(r.avgLatency))}` };
    return { health: 'ok', reason: `latency ${msText(num(r.avgLatency))}, jitter ${msText(num(r.jitter))}` };
  },
  'path-vis'(r) {
    const ends = Array.isArray(r.endpoints) ? r.endpoints : [];
    if (ends.length === 0) return { health: 'unknown', reason: 'no path trace' };
    const reached = ends.some((end) => end.ipAddress === r.serverIp);
    return reached
      ? { health: 'ok', reason: `reaches ${r.serverIp} in ${ends[0]?.numberOfHops ?? '?'} hops` }
      : { health: 'degraded', reason: `path stops at ${ends[0]?.ipAddress ?? '?'} before ${r.serverIp}` };
  },
  'http-server'(r) {
    const code = num(r.responseCode) ?? 0;
    if (code === 0 || code >= 400) return failure(r) ?? { health: 'failing', reason: `HTTP ${code}` };
    return { health: 'ok', reason: `HTTP ${code}, total ${msText(num(r.totalTime))}` };
  },
  'page-load'(r) {
    const errors = num(r.numErrors) ?? 0;
    const load = `page load ${msText(num(r.pageLoadTime))}`;
    if (errors > 0 && (num(r.numObjects) ?? 0) <= errors)
      return { health: 'failing', reason: `${errors} of ${errors} objects failed` };
    return errors > 0
      ? { health: 'degraded', reason: `${load}, ${errors} object error${errors === 1 ? '' : 's'}` }
      : { health: 'ok', reason: load };
  },
  'web-transactions'(r) {
    const failed = failure(r);
    if (failed) return failed;
    const errors = num(r.componentErrors) ?? 0;
    const time = `transaction ${msText(num(r.transactionTime))}`;
    return errors > 0
      ? { health: 'degraded', reason: `${time}, ${errors} component error${errors === 1 ? '' : 's'}` }
      : { health: 'ok', reason: time };
  },
  'dns-server'(r) {
    return failure(r) ?? { health: 'ok', reason: `resolved in ${msText(num(r.resolutionTime))}` };
  },
  'dns-trace'(r) {
    const failed = num(r.failedQueries) ?? 0;
    if (failed > 0 && failed >= (num(r.queries) ?? 0))
      return failure(r) ?? { health: 'failing', reason: 'every query failed' };
    return failed > 0
      ? { health: 'degraded', reason: `${failed} of ${num(r.queries) ?? '?'} queries failed` }
      : { health: 'ok', reason: `final query ${msText(num(r.finalQueryTime))}` };
  },
  dnssec(r) {
    if (r.isValid === false) return failure(r) ?? { health: 'failing', reason: 'DNSSEC validation failed' };
    return r.isValid === true
      ? { health: 'ok', reason: 'DNSSEC valid' }
      : { health: 'unknown', reason: 'no validation result' };
  },
  api(r) {
    const failed = failure(r);
    if (failed) return failed;
    const completion = num(r.completion);
    const time = `transaction ${msText(num(r.apiTransactionTime))}`;
    return completion !== undefined && completion < 100
      ? { health: 'degraded', reason: `${completion}% of steps completed, ${time}` }
      : { health: 'ok', reason: time };
  },
  'ftp-server'(r) {
    const code = num(r.responseCode) ?? 0;
    const failed = failure(r);
    if (failed || code === 0 || code >= 400) return failed ?? { health: 'failing', reason: `FTP ${code}` };
    return { health: 'ok', reason: `FTP ${code}, total ${msText(num(r.totalTime))}` };
  },
  'sip-server'(r) {
    // v7 says `none` where there was no error (lower case, unlike the other kinds' `None`).
    const type = text(r.errorType);
    if (type && !isNoErrorType(r.errorType))
      return { health: 'failing', reason: text(r.problemDetail) ?? `SIP ${type} error` };
    const availability = num(r.availability);
    const time = `SIP ${num(r.responseCode) ?? '?'}, total ${msText(num(r.totalTime))}`;
    return availability !== undefined && availability < 100
      ? { health: 'degraded', reason: `${availability}% available, ${time}` }
      : { health: 'ok', reason: time };
  },
  'rtp-server'(r) {
    const error = text(r.errorDetail);
    if (error) return { health: 'failing', reason: error };
    const mos = num(r.mos);
    if (mos === undefined) return { health: 'unknown', reason: 'no call quality measured' };
    const quality = `MOS ${mos.toFixed(2)}, ${num(r.loss) ?? 0}% loss, latency ${msText(num(r.latency))}`;
    return { health: mos < FAIR_MOS ? 'degraded' : 'ok', reason: quality };
  },
  bgp(r) {
    const reach = num(r.reachability);
    if (reach === undefined) return { health: 'unknown', reason: 'no reachability measured' };
    if (reach <= 0) return { health: 'failing', reason: 'prefix unreachable from this monitor' };
    const changes = num(r.pathChanges) ?? 0;
    const updates = num(r.updates) ?? 0;
    const said = `${reach}% reachable, ${changes} path change${changes === 1 ? '' : 's'}, ${updates} updates`;
    return { health: reach < 100 || changes > 0 ? 'degraded' : 'ok', reason: said };
  },
};

export function resultHealth<K extends TestResultKind>(kind: K, record: TestResultRecords[K]): ResultHealth {
  return (JUDGES[kind] as Judge<K>)(record);
}

/** Each agent's newest round (the latest record per agent wins), worst first, then by name. */
export function latestHealthByAgent(kind: TestResultKind, records: readonly TestResult[]): AgentHealth[] {
  const byAgent = new Map<string, TestResult[]>();
  for (const record of records) {
    const rounds = byAgent.get(record.agentId);
    if (rounds) rounds.push(record);
    else byAgent.set(record.agentId, [record]);
  }
  return [...byAgent.values()]
    .map((rounds) => {
      const newest = rounds.reduce((a, b) => (b.roundId >= a.roundId ? b : a));
      // Network rounds are read against the agent's own earlier rounds (its normal, a loss that repeats).
      const earlier = kind === 'network' ? rounds.filter((r) => r.roundId < newest.roundId) : [];
      return {
        agentId: newest.agentId,
        agentName: typeof newest.agentName === 'string' ? newest.agentName : newest.agentId,
        roundId: newest.roundId,
        ...((kind === 'network' ? networkHealthInHistory(newest, earlier) : undefined) ??
          resultHealth(kind, newest as never)),
      };
    })
    .sort((a, b) => HEALTH_ORDER[a.health] - HEALTH_ORDER[b.health] || a.agentName.localeCompare(b.agentName));
}

/** The test's health: its worst agent's ('unknown' with no agent). */
export function worstHealth(agents: readonly { health: Health }[]): Health {
  return agents.reduce<Health>(
    (worst, agent) => (HEALTH_ORDER[agent.health] < HEALTH_ORDER[worst] ? agent.health : worst),
    agents.length === 0 ? 'unknown' : 'ok',
  );
}
