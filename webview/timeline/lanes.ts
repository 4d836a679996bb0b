// The timeline's lanes as marks on the shared axis: what each lane holds, how a mark is
// described (tooltip, screen reader) and what opening it means. Pure: no DOM.
import { experienceText, type Grade } from '../../src/analysis/grades';
import type { AgentTimeline, EventKind, TimelineLanes } from '../../src/analysis/timeline';
import { countBelow } from '../../src/analysis/sorted-search';
import { LEVEL_CUE, markLabel, type MarkLevel } from '../../src/analysis/alerts/marks';
import { localClock, localDateTime } from './scale';

export type OpenTarget =
  | { type: 'openSession'; params: { userSessionId: string } }
  | { type: 'openPage'; params: { userSessionId: string; pageId: string } }
  | { type: 'openProbe'; params: { networkProbeId: string } };

export type MarkShape = 'dot' | 'square' | 'line' | 'band' | 'event' | 'alert';

export interface Mark {
  t: number;
  /** 0 (bottom of the lane) … 1 (top), for value lanes; 0.5 for dots. */
  y: number;
  /** Band lanes: the low and high end (0 … 1). */
  y0?: number;
  y1?: number;
  grade?: Grade | 'unknown';
  /** Dot radius (px) for sessions. */
  size?: number;
  /** Loss or failure worth a marker of its own. */
  alarm?: boolean;
  /** Written beside the mark (the slowest pages' titles). */
  label?: string;
  text: string;
  open?: OpenTarget;
  event?: EventKind;
  /** Alert lane: where the alert or event ends (the range's end while active), its level and that level's text cue. */
  until?: number;
  level?: MarkLevel;
  cue?: string;
}

export interface Lane {
  id: string;
  label: string;
  shape: MarkShape;
  height: number;
  marks: Mark[];
  caption?: string;
}

const pct = (fraction: number): string => `${Math.round(fraction * 1000) / 10}%`;
const ms = (value: number | undefined): string => (value === undefined ? 'not reported' : `${Math.round(value)} ms`);
const secs = (value: number | undefined): string =>
  value === undefined ? 'not reported' : `${(value / 1000).toFixed(1)} s`;
/**
 * Values are drawn on a square-root scale up to the lane's largest, so an episode's peak stays in view and small values
 * stay apart.
 */
function scaler(values: readonly number[]): { y: (v: number) => number; top: number } {
  let top = 1;
  for (const v of values) if (Number.isFinite(v) && v > top) top = v;
  return { top, y: (v) => Math.min(1, Math.sqrt(Math.max(0, v) / top)) };
}

export function timelineLanes(timeline: AgentTimeline, lanes: TimelineLanes = timeline.lanes): Lane[] {
  const alerts = alertLane(timeline);
  const result: Lane[] = [...(alerts ? [alerts] : []), eventLane(timeline), sessionLane(lanes), pageLane(lanes)];
  const siteOf = new Map(lanes.sessions.map((s) => [s.userSessionId, s.site]));
  for (const lane of lanes.network) {
    const scale = scaler(lane.points.map((p) => p.latency ?? 0));
    // Network sessions name their target by address; the sessions they belong to name the site.
    const site = lane.points.map((p) => siteOf.get(p.userSessionId)).find((name) => name);
    result.push({
      id: `network:${lane.target}`,
      label: site ? `To ${site}` : `To ${lane.target}`,
      shape: 'line',
      height: 44,
      caption: `${site ? `${lane.target} · ` : ''}≤ ${ms(scale.top)}`,
      marks: lane.points.map((p) => ({
        t: p.t,
        y: scale.y(p.latency ?? 0),
        alarm: (p.loss ?? 0) > 0,
        text:
          `Network session to ${lane.target} at ${localDateTime(p.t)}: latency ${ms(p.latency)}, loss ` +
          `${p.loss === undefined ? 'not reported' : `${p.loss}%`}, jitter ${ms(p.jitter)}`,
        open: { type: 'openSession', params: { userSessionId: p.userSessionId } },
      })),
    });
  }
  for (const lane of lanes.probes) {
    const scale = scaler(lane.points.map((p) => p.rtt ?? 0));
    const what =
      lane.type === 'gateway' ? 'Gateway' : lane.type === 'vpn' ? 'VPN' : lane.type === 'proxy' ? 'Proxy' : lane.type;
    result.push({
      id: `probe:${lane.type}:${lane.target}`,
      label: `${what} ${lane.target}`,
      shape: 'line',
      height: 44,
      caption: `round trip ≤ ${ms(scale.top)}`,
      marks: lane.points.map((p) => ({
        t: p.t,
        y: scale.y(p.rtt ?? 0),
        alarm: (p.loss ?? 0) > 0,
        text:
          `${what} probe to ${lane.target} at ${localDateTime(p.t)}: round trip ${ms(p.rtt)}, loss ` +
          `${p.loss === undefined ? 'not reported' : pct(p.loss)}`,
        open: { type: 'openProbe', params: { networkProbeId: p.networkProbeId } },
      })),
    });
  }
  result.push(...systemLanes(lanes));
  return result;
}

/** The alerts and events on tests toward the sites the agent visited, over their span; none (v6, none): no lane. */
function alertLane(timeline: AgentTimeline): Lane | undefined {
  const found = timeline.alertMarks;
  if (!found?.marks.length) return undefined;
  return {
    id: 'alerts',
    label: 'Alerts & events',
    shape: 'alert',
    height: 30,
    caption: found.leftOut ? `${found.leftOut} more not drawn` : 'severity: ‼ ! ▲ i',
    marks: found.marks.map((mark) => ({
      t: mark.startMs,
      y: 0.5,
      until: mark.endMs ?? timeline.range.toMs,
      level: mark.level,
      cue: LEVEL_CUE[mark.level],
      text: markLabel(mark, localClock),
    })),
  };
}

/** The alert marks drawn, by their spoken labels, for the host's snapshot; nothing when there is no alert lane. */
export function alertsDrawn(lanes: readonly Lane[]): { alerts?: string[] } {
  const lane = lanes.find((l) => l.id === 'alerts');
  return lane ? { alerts: lane.marks.map((mark) => mark.text) } : {};
}

function eventLane(timeline: AgentTimeline): Lane {
  return {
    id: 'events',
    label: 'Changes',
    shape: 'event',
    height: 30,
    marks: timeline.events.map((e) => ({
      t: e.t,
      y: 0.5,
      event: e.kind,
      text: `${localDateTime(e.t)}: ${e.text}`,
      grade: e.kind === 'agentState' ? 'bad' : 'unknown',
    })),
  };
}

function sessionLane(lanes: TimelineLanes): Lane {
  return {
    id: 'sessions',
    label: 'User sessions',
    shape: 'dot',
    height: 40,
    marks: lanes.sessions.map((s) => ({
      t: s.t,
      y: 0.5,
      grade: s.grade ?? 'unknown',
      size: 3 + Math.min(5, s.pages),
      text:
        `Session at ${localDateTime(s.t)} to ${s.site || 'an unreported site'}: experience ` +
        `${experienceText(s.score) ?? 'not scored'}, ${s.pages} page${s.pages === 1 ? '' : 's'}`,
      open: { type: 'openSession', params: { userSessionId: s.userSessionId } },
    })),
  };
}

function pageLane(lanes: TimelineLanes): Lane {
  const scale = scaler(lanes.pages.map((p) => p.onLoad ?? 0));
  return {
    id: 'pages',
    label: 'Page loads',
    shape: 'square',
    height: 64,
    caption: `onLoad ≤ ${secs(scale.top)}`,
    marks: lanes.pages.map((p) => ({
      t: p.t,
      y: scale.y(p.onLoad ?? 0),
      grade: p.grade ?? 'unknown',
      ...(p.labelled ? { label: p.title.slice(0, 40) } : {}),
      text: `Page "${p.title}" at ${localDateTime(p.t)}: onLoad ${secs(p.onLoad)}, first byte ${ms(p.responseTime)}`,
      open: { type: 'openPage', params: { userSessionId: p.userSessionId, pageId: p.pageId } },
    })),
  };
}

function systemLanes(lanes: TimelineLanes): Lane[] {
  const band = (
    id: string,
    label: string,
    pick: (p: TimelineLanes['system'][number]) => { min?: number; mean: number; max?: number } | undefined,
  ): Lane | undefined => {
    const marks: Mark[] = [];
    for (const point of lanes.system) {
      const value = pick(point);
      if (!value) continue;
      const clamp = (v: number): number => Math.min(1, Math.max(0, v));
      marks.push({
        t: point.t,
        y: clamp(value.mean),
        y0: clamp(value.min ?? value.mean),
        y1: clamp(value.max ?? value.mean),
        alarm: value.mean >= 0.9,
        text:
          `${label} at ${localDateTime(point.t)}: mean ${pct(value.mean)}` +
          `${value.min === undefined ? '' : `, min ${pct(value.min)}`}` +
          `${value.max === undefined ? '' : `, max ${pct(value.max)}`}`,
      });
    }
    return marks.length ? { id, label, shape: 'band', height: 44, caption: '0–100%', marks } : undefined;
  };
  return [band('cpu', 'CPU', (p) => p.cpu), band('memory', 'Memory', (p) => p.memory)].filter(
    (l): l is Lane => l !== undefined,
  );
}

const timeOf = (mark: Mark): number => mark.t;

/** The marks of a lane within [fromMs, toMs], found by binary search (marks are in time order). */
export function marksIn(marks: readonly Mark[], fromMs: number, toMs: number): Mark[] {
  const out: Mark[] = [];
  for (let i = countBelow(marks, timeOf, fromMs); i < marks.length && (marks[i] as Mark).t <= toMs; i++)
    out.push(marks[i] as Mark);
  return out;
}

/** The mark nearest to `t` (for hover and keyboard), or undefined in an empty lane; marks are in time order. */
export function nearestMark(marks: readonly Mark[], t: number): { mark: Mark; index: number } | undefined {
  if (marks.length === 0) return undefined;
  // The first mark at or after `t` (the last when none is), or the one before it when that is nearer.
  const lo = Math.min(countBelow(marks, timeOf, t), marks.length - 1);
  const index = lo > 0 && Math.abs((marks[lo - 1] as Mark).t - t) <= Math.abs((marks[lo] as Mark).t - t) ? lo - 1 : lo;
  return { mark: marks[index] as Mark, index };
}

/** The lanes narrowed to a brushed range, for the verdict of that range. */
export function lanesWithin(lanes: TimelineLanes, fromMs: number, toMs: number): TimelineLanes {
  const inside = <T extends { t: number }>(items: readonly T[]): T[] =>
    items.filter((i) => i.t >= fromMs && i.t <= toMs);
  return {
    sessions: inside(lanes.sessions),
    pages: inside(lanes.pages),
    system: inside(lanes.system),
    samples: inside(lanes.samples),
    network: lanes.network.map((l) => ({ ...l, points: inside(l.points) })).filter((l) => l.points.length > 0),
    probes: lanes.probes.map((l) => ({ ...l, points: inside(l.points) })).filter((l) => l.points.length > 0),
  };
}
