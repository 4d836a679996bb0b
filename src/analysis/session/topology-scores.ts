// v7's local-network topology scores (`gatewayScore`, `vpnScore`, `proxyScore`,
// `connectionScore`: the service's own 0–100 judgement of each segment it probed) as verdict
// findings. When a probe near the session carries them, each low score is a finding on its
// segment beside what the session measured itself: the connection score on the Wi-Fi link
// (the gateway, on a wired session), the gateway score on the gateway, the VPN and proxy
// scores on the tunnel. v6 probes have no scores: nothing changes there.
import type { Finding, Segment } from './grading';

export const SCORE_KINDS = ['connection', 'gateway', 'vpn', 'proxy'] as const;
export type ScoreKind = (typeof SCORE_KINDS)[number];
/** Scores (0–100) of the probes nearest a session, by kind. */
export type TopologyScores = Partial<Record<ScoreKind, number>>;

/** Below these the service's score is a warning or bad (its own quality words: poor < 50 ≤ good < 80 ≤ great). */
export const SCORE_LIMITS = { warn: 80, bad: 50 } as const;

const WORDS: Record<ScoreKind, string> = {
  connection: 'the local connection',
  gateway: 'the gateway',
  vpn: 'the VPN',
  proxy: 'the proxy',
};

/** The scores a topology record carries (`…Score.score`), each a finite number within 0–100. */
export function readTopologyScores(record: Record<string, unknown>): TopologyScores | undefined {
  const scores: TopologyScores = {};
  for (const kind of SCORE_KINDS) {
    const holder = record[`${kind}Score`];
    const score =
      typeof holder === 'object' && holder !== null ? (holder as Record<string, unknown>)['score'] : undefined;
    if (typeof score === 'number' && Number.isFinite(score) && score >= 0 && score <= 100) scores[kind] = score;
  }
  return Object.keys(scores).length ? scores : undefined;
}

/** The lower of two score sets, kind by kind (several probes near one session). */
export function lowerScores(a: TopologyScores | undefined, b: TopologyScores | undefined): TopologyScores | undefined {
  if (!a || !b) return a ?? b;
  const out: TopologyScores = { ...a };
  for (const kind of SCORE_KINDS) if (b[kind] !== undefined) out[kind] = Math.min(b[kind], a[kind] ?? Infinity);
  return out;
}

function segmentOf(kind: ScoreKind, wireless: boolean): Segment {
  if (kind === 'connection') return wireless ? 'wifi' : 'gateway';
  return kind === 'gateway' ? 'gateway' : 'tunnel';
}

/**
 * A finding for each score: warn or bad below its limit, ok at or above it (the segment is then
 * measured and fine). Scores that are not finite 0–100 numbers say nothing.
 */
export function scoreFindings(scores: TopologyScores | undefined, wireless: boolean): Finding[] {
  if (!scores) return [];
  return SCORE_KINDS.flatMap((kind): Finding[] => {
    const score = scores[kind];
    if (typeof score !== 'number' || !Number.isFinite(score) || score < 0 || score > 100) return [];
    const said = `the service scores ${WORDS[kind]} ${Math.round(score)}/100`;
    const segment = segmentOf(kind, wireless);
    if (score >= SCORE_LIMITS.warn) return [{ segment, grade: 'ok', message: said }];
    const grade = score < SCORE_LIMITS.bad ? 'bad' : 'warn';
    return [{ segment, grade, message: `${said} (limit ${grade === 'bad' ? SCORE_LIMITS.bad : SCORE_LIMITS.warn})` }];
  });
}

/** The findings of each segment with the score findings added where a score falls short. */
export function withScoreFindings<T extends Partial<Record<Segment, Finding[] | undefined>>>(
  findings: T,
  scores: TopologyScores | undefined,
  wireless: boolean,
): T {
  const added = scoreFindings(scores, wireless);
  if (added.length === 0) return findings;
  const out: Partial<Record<Segment, Finding[] | undefined>> = { ...findings };
  for (const finding of added) out[finding.segment] = [...(out[finding.segment] ?? []), finding];
  return out as T;
}
