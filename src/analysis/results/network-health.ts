// A network result's health read against the agent's own rounds of the same test, not alone.
// The service reports a round's loss as a percentage without packet counts, so one round's small
// loss is no evidence (one packet in fifty is 2 %): it degrades only past the ISP's "bad" share,
// or when the agent's previous round lost too. Latency is graded only against the agent's normal
// toward this target (the median of its earlier rounds, from THRESHOLDS.baseline.minSamples of
// them), never as an absolute: 250 ms is normal from Sydney to London.
import type { TestResult } from '../../api/types';
import { normalBaseline } from '../session/grading';
import { THRESHOLDS } from '../session/thresholds';
import type { ResultHealth } from './health';

/** Earlier rounds read for the agent's normal, at most (the newest of them). */
export const MAX_EARLIER_ROUNDS = 288;

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const ms = (value: number): string => `${Math.round(value)} ms`;

/** `latest` graded with `earlier` (the same agent's older rounds of the test, any order). */
export function networkHealthInHistory(latest: TestResult, earlier: readonly TestResult[]): ResultHealth | undefined {
  const loss = num(latest['loss']) ?? 0;
  if (loss >= 100) return undefined; // unreachable: the round alone says it
  const latency = num(latest['avgLatency']);
  const older = [...earlier].sort((a, b) => b.roundId - a.roundId).slice(0, MAX_EARLIER_ROUNDS);
  const lossWords = lossReading(loss, older[0]);
  const latencyWords =
    latency === undefined ? { degraded: false, words: 'latency not reported' } : latencyReading(latency, older);
  return {
    health: lossWords.degraded || latencyWords.degraded ? 'degraded' : 'ok',
    reason: [lossWords.words, latencyWords.words].filter(Boolean).join(', '),
  };
}

function lossReading(loss: number, previous: TestResult | undefined): { degraded: boolean; words: string } {
  if (loss <= 0) return { degraded: false, words: '' };
  const pct = `${loss}% loss`;
  if (loss >= THRESHOLDS.isp.lossBad * 100) return { degraded: true, words: pct };
  const before = num(previous?.['loss']) ?? 0;
  if (previous && before > 0) return { degraded: true, words: `${pct}, and ${before}% in the round before` };
  // Below the bad share, once: as likely one packet as a problem (the service gives no packet counts).
  return { degraded: false, words: `${pct} in this round only` };
}

function latencyReading(latency: number, older: readonly TestResult[]): { degraded: boolean; words: string } {
  const earlier = older.flatMap((r) => {
    const value = num(r['avgLatency']);
    return value === undefined || (num(r['loss']) ?? 0) >= 100 ? [] : [value];
  });
  const normal = normalBaseline(earlier);
  if (!normal)
    return {
      degraded: false,
      words:
        `latency ${ms(latency)} (no normal yet: ` +
        `${earlier.length} earlier round${earlier.length === 1 ? '' : 's'}, ${THRESHOLDS.baseline.minSamples} needed)`,
    };
  const over = latency - normal.rttMs;
  const against = `this agent's normal ${ms(normal.rttMs)}, median of ${normal.samples} earlier rounds`;
  if (over >= THRESHOLDS.isp.rttWarn)
    return { degraded: true, words: `latency ${ms(latency)}, +${ms(over)} over ${against}` };
  return { degraded: false, words: `latency ${ms(latency)} (${against})` };
}
