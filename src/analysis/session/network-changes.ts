// A change of the agent's way onto the internet (ISP, public IP, Wi-Fi network, VPN) near a
// session. The timeline detects them once (timeline/events.ts); this is how the session's other
// readers (the overview beside a test's path, the evidence, the agent tools) take them: the
// changes between two instants, and in words. A session measured on the backup line and a round
// measured on the main one disagree for that reason first.
import { utcMinute } from '../text/utc';

export type NetworkChangeKind = 'isp' | 'publicIp' | 'ssid' | 'vpn';
export const NETWORK_CHANGE_KINDS: readonly NetworkChangeKind[] = ['isp', 'publicIp', 'ssid', 'vpn'];

export interface NetworkChange {
  t: number;
  kind: NetworkChangeKind;
  /** One line, as the timeline says it ("ISP changed from BT to AT&T"). */
  text: string;
}

/** Changes kept per session, at most: a flapping line says enough in a few. */
export const MAX_NETWORK_CHANGES = 20;
/** A change within this of either instant counts as between them (records are a minute apart at best). */
export const CHANGE_MARGIN_MS = 60_000;

export function isNetworkChangeKind(kind: string): kind is NetworkChangeKind {
  return (NETWORK_CHANGE_KINDS as readonly string[]).includes(kind);
}

/** The changes of `kinds` from `events` within `marginMs` of [aMs, bMs] (either order), oldest first, bounded. */
export function changesBetween(
  events: readonly { t: number; kind: string; text: string }[],
  aMs: number,
  bMs: number,
  marginMs = CHANGE_MARGIN_MS,
): NetworkChange[] {
  if (!Number.isFinite(aMs) || !Number.isFinite(bMs)) return [];
  const from = Math.min(aMs, bMs) - marginMs;
  const to = Math.max(aMs, bMs) + marginMs;
  const kept: NetworkChange[] = [];
  for (const event of events) {
    if (kept.length >= MAX_NETWORK_CHANGES) break;
    if (event.t >= from && event.t <= to && isNetworkChangeKind(event.kind))
      kept.push({ t: event.t, kind: event.kind, text: event.text });
  }
  return kept.sort((x, y) => x.t - y.t);
}

/** "ISP changed from BT to AT&T (2026-11-28 09:52 UTC)" */
export function changeWords(change: NetworkChange): string {
  return `${change.text} (${utcMinute(change.t)})`;
}
