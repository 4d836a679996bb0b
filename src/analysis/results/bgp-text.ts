// A BGP test's AS paths as text lines, under the results summary: per prefix, who reaches it
// and which routes changed since the round before, then each monitor's route, the one it
// replaced beneath. An AS repeated in a row (path prepending) is written once with its count.
import { untrustedLine } from '../text/untrusted';
import { roundMinute } from '../text/utc';
import type { AsHop, BgpPathReport, MonitorAsPath, RouteChange } from './bgp-paths';

const MARK: Readonly<Record<RouteChange, string>> = {
  same: 'same',
  changed: 'CHANGED',
  new: 'new',
  withdrawn: 'WITHDRAWN',
  unknown: '',
};
/** Monitor names are long ("Vancouver, Canada - Bell Canada (AS 6539)"): wide enough for their AS. */
const NAME_WIDTH = 48;

function asText(hop: AsHop): string {
  const name = hop.asName ? ` ${untrustedLine(hop.asName, 60)}` : '';
  return `AS ${hop.asn ?? '?'}${name}`;
}

/** "AS 6539 Bell Canada → AS 852 Telus ×2"; "no route" when empty. */
export function asPathText(path: readonly AsHop[]): string {
  if (path.length === 0) return 'no route';
  const parts: string[] = [];
  for (let index = 0; index < path.length;) {
    let end = index + 1;
    while (end < path.length && path[end]?.asn === path[index]?.asn) end++;
    parts.push(`${asText(path[index] as AsHop)}${end - index > 1 ? ` ×${end - index}` : ''}`);
    index = end;
  }
  return parts.join(' → ');
}

/** One line for the report: who reaches the prefix, what changed. */
export function bgpHeadline(report: BgpPathReport): string {
  const count = report.monitors.length;
  const prefix = untrustedLine(report.prefix, 60);
  const reach = `${report.reached} of ${count} monitor${count === 1 ? '' : 's'} reach ${prefix}`;
  if (report.previousRoundId === undefined && report.monitors.every((m) => m.change === 'unknown')) return reach;
  if (report.changed === 0) return `${reach}; no route changed`;
  const moved = [
    report.left.length > 0 ? `${report.left.map(asText).join(', ')} left` : '',
    report.joined.length > 0 ? `${report.joined.map(asText).join(', ')} joined` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return `${reach}; ${report.changed} route${report.changed === 1 ? '' : 's'} changed${moved ? ` (${moved})` : ''}`;
}

function monitorLines(monitor: MonitorAsPath, width: number): string[] {
  const state = monitor.reachable ? MARK[monitor.change] : 'UNREACHABLE';
  const reach = monitor.reachability === undefined ? '' : `${monitor.reachability}%`;
  const lines = [
    `  ${state.padEnd(11)} ${untrustedLine(monitor.monitorName, NAME_WIDTH).padEnd(width)}  ` +
      `${reach.padStart(4)}  ${asPathText(monitor.path)}`,
  ];
  if (monitor.previous)
    lines.push(`  ${''.padEnd(11)} ${''.padEnd(width)}  ${''.padStart(4)}  was ${asPathText(monitor.previous)}`);
  return lines;
}

export function bgpPathLines(report: BgpPathReport): string[] {
  const compared = report.previousRoundId === undefined ? '' : `, compared with ${roundMinute(report.previousRoundId)}`;
  const width = Math.min(
    NAME_WIDTH,
    Math.max(0, ...report.monitors.map((m) => untrustedLine(m.monitorName, NAME_WIDTH).length)),
  );
  return [
    `AS paths to ${untrustedLine(report.prefix, 60)} (round ${roundMinute(report.roundId)}${compared}): ` +
      `${bgpHeadline(report)}`,
    ...report.monitors.flatMap((monitor) => monitorLines(monitor, width)),
  ];
}
