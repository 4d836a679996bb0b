// What a featured agent's episode does to its records (episodes.ts says who and when): the
// latency and loss a user session, a probe and a scheduled-test result see. Pure functions
// of (agent, time) and, for per-record spread, the record's own draws.
import type { AgentProfile } from './agents';
import { activeEpisode, dayStrength, type EpisodeKind } from './episodes';
import type { Rng } from './prng';

/** What an episode (or a featured agent's healthy baseline) does to one user session. */
export interface SessionEffect {
  /** Kind of the episode going on, if any. */
  kind?: EpisodeKind;
  /** ms the local link adds (Wi-Fi): the gateway and everything beyond it. */
  lanRtt: number;
  /** ms added beyond the gateway (VPN tunnel, backup line). */
  wanRtt: number;
  /** % packet loss to the destination. */
  loss: number;
  /** Multiplies a page's work after its first byte (onContentLoad, onLoad). */
  loadFactor: number;
  /** The session is to the slow site of a server episode: TTFB 2–6 s, onLoad 10–15 s. */
  slowSite: boolean;
  /** Taken off the experience score for what page timings do not show (weak signal, busy CPU, latency). */
  penalty: number;
}

const HEALTHY: SessionEffect = { lanRtt: 0, wanRtt: 0, loss: 0, loadFactor: 1, slowSite: false, penalty: 0 };

/** The effect on a featured agent's session at `seconds` to DESTINATIONS[destination]; `rng` is the session's own. */
export function sessionEffect(agent: AgentProfile, seconds: number, destination: number, rng: Rng): SessionEffect {
  const plan = activeEpisode(agent, seconds);
  if (!plan) return HEALTHY;
  switch (plan.kind) {
    case 'wifi':
      return {
        kind: 'wifi',
        lanRtt: rng.float(24, 62, 1),
        wanRtt: 0,
        loss: rng.float(3, 10, 1),
        loadFactor: rng.float(2, 3),
        slowSite: false,
        penalty: 0.25,
      };
    case 'vpn': {
      const wanRtt = rng.float(100, 250, 1);
      return {
        kind: 'vpn',
        lanRtt: 0,
        wanRtt,
        loss: rng.float(2, 6, 1),
        loadFactor: rng.float(2, 2.8),
        slowSite: false,
        penalty: wanRtt / 500,
      };
    }
    case 'isp': {
      const wanRtt = rng.float(60, 150, 1);
      return {
        kind: 'isp',
        lanRtt: 0,
        wanRtt,
        loss: rng.float(5, 15, 1),
        loadFactor: rng.float(2, 2.8),
        slowSite: false,
        penalty: wanRtt / 500,
      };
    }
    case 'server':
      return { ...HEALTHY, kind: 'server', slowSite: destination === plan.visitedSite };
    case 'cpu':
      return {
        kind: 'cpu',
        lanRtt: 0,
        wanRtt: 0,
        loss: 0,
        loadFactor: rng.float(2.5, 3),
        slowSite: false,
        penalty: 0.5,
      };
  }
}

/** A probe's round trip and loss for a featured agent; `baseRtt` is the healthy mean. */
export interface ProbeEffect {
  meanRtt: number;
  lossChance: number;
  loss?: { sent: number; lostMin: number; lostMax: number };
}

export function probeEffect(
  agent: AgentProfile,
  seconds: number,
  type: 'gateway' | 'proxy' | 'vpn',
  baseRtt: number,
  rng: Rng,
): ProbeEffect {
  const plan = activeEpisode(agent, seconds);
  // A weak Wi-Fi link is under every target; a congested tunnel only under the VPN's. The
  // means leave room for the ping's own spread (±16 %) inside 20–80 and 150–400 ms.
  if (plan?.kind === 'wifi') return { meanRtt: baseRtt + rng.float(24, 62, 1), lossChance: 0.92 };
  if (plan?.kind === 'vpn' && type === 'vpn')
    return { meanRtt: rng.float(180, 340, 1), lossChance: 1, loss: { sent: 20, lostMin: 1, lostMax: 4 } };
  return { meanRtt: baseRtt, lossChance: 0 };
}

/** Deterministic latency and loss a scheduled-test result of the agent sees at `seconds` (no draws). */
export function scheduledEffect(agent: AgentProfile, seconds: number): { addedRtt: number; loss: number } {
  const plan = activeEpisode(agent, seconds);
  if (!plan) return { addedRtt: 0, loss: 0 };
  const s = dayStrength(plan, seconds);
  switch (plan.kind) {
    case 'wifi':
      return { addedRtt: 24 + s * 38, loss: Math.round((3 + s * 7) * 10) / 10 };
    case 'vpn':
      return { addedRtt: 100 + s * 150, loss: Math.round((2 + s * 4) * 10) / 10 };
    case 'isp':
      return { addedRtt: 60 + s * 90, loss: Math.round((5 + s * 10) * 10) / 10 };
    default:
      return { addedRtt: 0, loss: 0 };
  }
}
