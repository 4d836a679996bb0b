// One grading of a measurement into good / fair / poor, shared by the explorer, the session
// overview, the instant results and the CLI: the thresholds are the session verdict's
// (session/thresholds.ts), the colours are theme colour ids (tree icons use them as
// ThemeColor, webviews as --vscode-* variables) and every grade also has a word.
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

/** Latency (ms) and loss (percent, 0 … 100) to a target, against the ISP path's budget. */
export function networkGrade(latencyMs: unknown, lossPct: unknown): Grade | undefined {
  return rttLossGrade(latencyMs, lossPct, THRESHOLDS.isp);
}

/** Round trip (ms) and loss (percent) to the gateway, against the LAN's budget. */
export function gatewayGrade(rttMs: unknown, lossPct: unknown): Grade | undefined {
  return rttLossGrade(rttMs, lossPct, THRESHOLDS.gateway);
}

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
