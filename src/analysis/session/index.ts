// User session → what the session overview panel shows. Pure: no DOM, no node.
export {
  sessionOverview,
  type SessionOverview,
  type Field,
  type OverviewPage,
  type OverviewHop,
  type PingView,
  type Gauge,
} from './overview';
export {
  sessionVerdict,
  gradeSession,
  readSessionMeasures,
  contextFromNeighbours,
  readPing,
  SEGMENTS,
  SEGMENT_LABELS,
  type Verdict,
  type Segment,
  type Grade,
  type Finding,
  type SegmentGrade,
  type SessionContext,
  type SessionMeasures,
} from './verdict';
export { THRESHOLDS } from './thresholds';
