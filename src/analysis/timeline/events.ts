// What changed in an agent's network over the range, as markers on the timeline: connection
// type, SSID, roaming between access points, public IP and ISP, VPN on/off or concentrator,
// proxy and gateway; and the agent's own state (deleted, disabled).
import { untrustedLine } from '../text/untrusted';
import type { AgentState, EventKind, TimelineEvent, TimelineLanes } from './model';

/** Markers kept: a flapping link must not flood the view. */
export const MAX_EVENTS = 2_000;
/** A VPN lane silent this long while other probes report means the tunnel was off. */
export const VPN_SILENCE_MS = 30 * 60_000;
/** …and at least this many of its usual intervals, with this many other probes reporting meanwhile. */
export const VPN_SILENCE_INTERVALS = 4;
export const VPN_SILENCE_OTHER_PROBES = 6;

interface Reading {
  t: number;
  value: string;
}

const short = (value: string): string => untrustedLine(value, 80);

/** `rangeEndMs` places the agent-state marker when the agent sent nothing in range. */
export function timelineEvents(
  lanes: TimelineLanes,
  agent: AgentState | undefined,
  rangeEndMs: number,
): TimelineEvent[] {
  const events: TimelineEvent[] = [];
  const samples = lanes.samples;
  const series = (pick: (s: (typeof samples)[number]) => string | undefined): Reading[] =>
    samples.flatMap((s) => {
      const value = pick(s);
      return value === undefined ? [] : [{ t: s.t, value }];
    });
  const gatewayProbes = lanes.probes
    .filter((lane) => lane.type === 'gateway')
    .flatMap((lane) => lane.points.map((p) => ({ t: p.t, value: lane.target })));
  const proxyProbes = lanes.probes
    .filter((lane) => lane.type === 'proxy')
    .flatMap((lane) => lane.points.map((p) => ({ t: p.t, value: lane.target })));
  const sessionsIp = lanes.sessions.flatMap((s) => (s.publicIp ? [{ t: s.t, value: s.publicIp }] : []));
  const sessionsIsp = lanes.sessions.flatMap((s) => (s.isp ? [{ t: s.t, value: s.isp }] : []));

  changes(
    events,
    'connection',
    series((s) => s.connection),
    (a, b) => `Connection changed from ${a} to ${b}`,
  );
  changes(
    events,
    'ssid',
    series((s) => s.ssid),
    (a, b) => `Wi-Fi network changed from SSID ${a} to ${b}`,
  );
  roams(events, samples);
  changes(
    events,
    'publicIp',
    merge(
      series((s) => s.publicIp),
      sessionsIp,
    ),
    (a, b) => `Public IP changed from ${a} to ${b}`,
  );
  changes(events, 'isp', sessionsIsp, (a, b) => `ISP changed from ${a} to ${b}`);
  changes(
    events,
    'gateway',
    merge(
      series((s) => s.gateway),
      gatewayProbes,
    ),
    (a, b) => `Gateway changed from ${a} to ${b}`,
  );
  // Details name a proxy with its port, probes by address alone: compared by host.
  changes(
    events,
    'proxy',
    merge(
      series((s) => (s.proxy === undefined ? undefined : proxyHosts(s.proxy))),
      proxyProbes.map((r) => ({ ...r, value: proxyHosts(r.value) })),
    ),
    (a, b) => `Proxy changed from ${a} to ${b}`,
  );
  vpnEvents(events, lanes);
  if (agent?.deleted || (agent?.status && agent.status !== 'enabled')) {
    const last = lastRecordTime(lanes);
    const state = agent.deleted ? 'deleted' : short(agent.status ?? '');
    events.push({
      t: last ?? rangeEndMs,
      kind: 'agentState',
      to: state,
      text: `Agent ${state}${last === undefined ? ': no data in range' : ': its last data in range'}`,
    });
  }
  return events.sort((a, b) => a.t - b.t).slice(0, MAX_EVENTS);
}

/** "10.0.0.10:8080, [2001:db8::1]:3128" → "10.0.0.10, 2001:db8::1". */
function proxyHosts(value: string): string {
  return value
    .split(/,\s*/)
    .map((proxy) =>
      proxy
        .replace(/^\w+:\/\//, '')
        .replace(/^\[([^\]]+)\](:\d+)?$/, '$1')
        .replace(/^([^:]+):\d+$/, '$1'),
    )
    .join(', ');
}

function merge(...all: Reading[][]): Reading[] {
  return all.flat().sort((a, b) => a.t - b.t);
}

function changes(
  into: TimelineEvent[],
  kind: EventKind,
  readings: readonly Reading[],
  describe: (from: string, to: string) => string,
): void {
  let previous: string | undefined;
  for (const { t, value } of readings) {
    if (previous !== undefined && value !== previous && into.length < MAX_EVENTS) {
      into.push({ t, kind, from: previous, to: value, text: describe(short(previous), short(value)) });
    }
    previous = value;
  }
}

/** A BSSID change on the same SSID is roaming; an SSID change is reported as such instead. */
function roams(into: TimelineEvent[], samples: TimelineLanes['samples']): void {
  let previous: { ssid?: string; bssid: string } | undefined;
  for (const sample of samples) {
    if (sample.bssid === undefined) continue;
    if (previous && sample.bssid !== previous.bssid && sample.ssid === previous.ssid && into.length < MAX_EVENTS) {
      const on = sample.ssid ? ` on ${short(sample.ssid)}` : '';
      into.push({
        t: sample.t,
        kind: 'roam',
        from: previous.bssid,
        to: sample.bssid,
        text:
          `Roamed from BSSID ${short(previous.bssid)} to ${short(sample.bssid)}${on}` +
          `${sample.rssi === undefined ? '' : ` (RSSI ${sample.rssi} dBm)`}`,
      });
    }
    previous = { ...(sample.ssid === undefined ? {} : { ssid: sample.ssid }), bssid: sample.bssid };
  }
}

/** VPN concentrator changes, and on/off where the VPN lane falls silent while the others report. */
function vpnEvents(into: TimelineEvent[], lanes: TimelineLanes): void {
  const vpn = merge(
    ...lanes.probes
      .filter((lane) => lane.type === 'vpn')
      .map((lane) => lane.points.map((p) => ({ t: p.t, value: lane.target }))),
  );
  changes(into, 'vpn', vpn, (a, b) => `VPN concentrator changed from ${a} to ${b}`);
  const others = lanes.probes
    .filter((lane) => lane.type !== 'vpn')
    .flatMap((lane) => lane.points.map((p) => p.t))
    .sort((a, b) => a - b);
  if (vpn.length === 0 || others.length === 0) return;
  // Silence only means "off" against the lane's own rhythm: an agent that probes its VPN
  // now and then is not switching it off between probes.
  const intervals = vpn
    .slice(1)
    .map((r, i) => r.t - (vpn[i] as Reading).t)
    .sort((a, b) => a - b);
  const usual = intervals[Math.floor(intervals.length / 2)] ?? 0;
  const silence = Math.max(VPN_SILENCE_MS, usual * VPN_SILENCE_INTERVALS);
  const reportsBetween = (a: number, b: number): number => others.filter((t) => t > a && t < b).length;
  for (let i = 1; i < vpn.length; i++) {
    const before = vpn[i - 1] as Reading;
    const after = vpn[i] as Reading;
    if (after.t - before.t < silence || reportsBetween(before.t, after.t) < VPN_SILENCE_OTHER_PROBES) continue;
    into.push({
      t: before.t,
      kind: 'vpn',
      to: 'off',
      text: `VPN off: no VPN probe after this while the other probes report`,
    });
    into.push({ t: after.t, kind: 'vpn', to: 'on', text: `VPN on again (${short(after.value)})` });
  }
}

function lastRecordTime(lanes: TimelineLanes): number | undefined {
  const times = [
    lanes.sessions.at(-1)?.t,
    lanes.pages.at(-1)?.t,
    ...lanes.network.map((l) => l.points.at(-1)?.t),
    ...lanes.probes.map((l) => l.points.at(-1)?.t),
  ].filter((t): t is number => t !== undefined);
  return times.length ? Math.max(...times) : undefined;
}
