// One grading of a measurement into good / fair / poor, shared by the explorer, the session
// overview, the instant results and the CLI: the thresholds are the session verdict's
// (session/thresholds.ts), the colours are theme colour ids (tree icons use them as
// ThemeColor, webviews as --vscode-* variables) and every grade also has a word.
import { normalBaseline } from './session/grading';
import { THRESHOLDS } from './session/thresholds';

export type Grade = 'ok' | 'warn' | 'bad';

/** Theme colour ids per grade; present in the dark, light and high-contrast themes. */
export const GRADE_THEME_COLORS: Record<Grade | 'unknown', string> = {
  ok: 'testing.iconPassed',
  warn: 'editorWarning.foreground',
  bad: 'editorError.foreground',
  unknown: 'descriptionForeground',
};

/** An experience score's grade in words. */
export const EXPERIENCE_WORDS: Record<Grade, string> = { ok: 'good', warn: 'fair', bad: 'poor' };
/** A measured time's or a network's grade in words. */
export const MEASURE_WORDS: Record<Grade, string> = { ok: 'fine', warn: 'slow', bad: 'failing' };

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The service's score, 0 … 1; undefined when absent or not a number. */
export function experienceGrade(score: unknown): Grade | undefined {
  if (!finite(score)) return undefined;
  const { fairBelow, poorBelow } = THRESHOLDS.experience;
  return score < poorBelow ? 'bad' : score < fairBelow ? 'warn' : 'ok';
}

/** The one way a score is written: two decimals of the service's 0 … 1 scale, and its word. */
export function experienceText(score: unknown): string | undefined {
  const grade = experienceGrade(score);
  // Rounded down, so the written number never crosses a threshold its grade did not (0.699 is "0.69 fair").
  const clamped = Math.min(1, Math.max(0, score as number));
  return grade === undefined
    ? undefined
    : `${(Math.floor(clamped * 100 + 1e-9) / 100).toFixed(2)} ${EXPERIENCE_WORDS[grade]}`;
}

/** A page's onLoad in ms against the page budget. */
export function pageLoadGrade(onLoadMs: unknown): Grade | undefined {
  if (!finite(onLoadMs)) return undefined;
  const { loadWarn, loadBad } = THRESHOLDS.page;
  return onLoadMs >= loadBad ? 'bad' : onLoadMs >= loadWarn ? 'warn' : 'ok';
}

/** The agent's normal round trip toward one target (ms) and how many round trips it is the median of. */
export interface NetworkNormal {
  rttMs: number;
  samples?: number;
}

/**
 * Latency (ms) and loss (percent, 0 … 100) to a target (a network session, a VPN or proxy
 * probe), against the ISP path's budget. Its latency limits are latency added over a baseline
 * (session/thresholds.ts): with the agent's normal toward the same target (from
 * THRESHOLDS.baseline.minSamples round trips or more) latency is graded on what it adds;
 * without one, distance alone can explain any round trip, so latency alone is at most "slow",
 * never "failing". Loss needs no baseline.
 */
export function networkGrade(latencyMs: unknown, lossPct: unknown, normal?: NetworkNormal): Grade | undefined {
  if (!finite(latencyMs) && !finite(lossPct)) return undefined;
  const { rttWarn, rttBad, lossWarn, lossBad } = THRESHOLDS.isp;
  const loss = finite(lossPct) ? lossPct / 100 : 0;
  const baseline =
    normal && finite(normal.rttMs) && (normal.samples === undefined || normal.samples >= THRESHOLDS.baseline.minSamples)
      ? normal.rttMs
      : undefined;
  const added = finite(latencyMs) ? Math.max(0, latencyMs - (baseline ?? 0)) : 0;
  const latency: Grade = added >= rttBad && baseline !== undefined ? 'bad' : added >= rttWarn ? 'warn' : 'ok';
  const lossGrade: Grade = loss >= lossBad ? 'bad' : loss >= lossWarn ? 'warn' : 'ok';
  return worse(latency, lossGrade);
}

/**
 * The agent's normal toward each target from network-session records (agentId, target,
 * latency), for networkGrade: per agent and target, never across targets, and only from
 * enough round trips (session/grading.ts normalBaseline, the session verdict's rule).
 */
export function networkNormals(
  records: Iterable<{ agentId?: unknown; target?: unknown; latency?: unknown }>,
): (agentId: unknown, target: unknown) => NetworkNormal | undefined {
  const byKey = new Map<string, number[]>();
  const keyOf = (agentId: unknown, target: unknown): string => `${String(agentId)}\n${String(target)}`;
  for (const r of records) {
    if (!finite(r.latency) || typeof r.target !== 'string' || r.target === '') continue;
    const key = keyOf(r.agentId, r.target);
    const list = byKey.get(key) ?? [];
    list.push(r.latency);
    byKey.set(key, list);
  }
  const normals = new Map<string, NetworkNormal>();
  for (const [key, rtts] of byKey) {
    const normal = normalBaseline(rtts);
    if (normal) normals.set(key, { rttMs: normal.rttMs, samples: normal.samples ?? rtts.length });
  }
  return (agentId, target) => normals.get(keyOf(agentId, target));
}

/**
 * Round trip (ms) and loss (percent) to the gateway, against the LAN's budget (absolute: the gateway is next to the
 * agent).
 */
export function gatewayGrade(rttMs: unknown, lossPct: unknown): Grade | undefined {
  return rttLossGrade(rttMs, lossPct, THRESHOLDS.gateway);
}

const RANK: Record<Grade, number> = { ok: 0, warn: 1, bad: 2 };
const worse = (a: Grade, b: Grade): Grade => (RANK[a] >= RANK[b] ? a : b);

interface RttLossBudget {
  rttWarn: number;
  rttBad: number;
  lossWarn: number;
  lossBad: number;
}

function rttLossGrade(latencyMs: unknown, lossPct: unknown, budget: RttLossBudget): Grade | undefined {
  if (!finite(latencyMs) && !finite(lossPct)) return undefined;
  const { rttWarn, rttBad, lossWarn, lossBad } = budget;
  const loss = finite(lossPct) ? lossPct / 100 : 0;
  const latency = finite(latencyMs) ? latencyMs : 0;
  return loss >= lossBad || latency >= rttBad ? 'bad' : loss >= lossWarn || latency >= rttWarn ? 'warn' : 'ok';
}
