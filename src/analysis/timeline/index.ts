// One endpoint agent over time: lanes, events and the verdict over time. Pure: no DOM, no node.
export * from './model';
export { TimelineLanesBuilder, MAX_RECORDS_PER_LIST, LABELLED_PAGES } from './lanes';
export { timelineEvents } from './events';
export { poorPeriods, type PoorPeriod } from './periods';
export {
  attribute,
  TIMELINE_SEGMENTS,
  TIMELINE_SEGMENT_LABELS,
  type TimelineSegment,
  type SegmentEvidence,
} from './attribution';
export { timelineVerdict, utcClock, type Clock, type PeriodVerdict, type TimelineVerdict } from './verdict';
export {
  agentTimeline,
  sessionContextInTimeline,
  sessionNeighbourContext,
  withAlertMarks,
  type AgentTimeline,
  type TimelineRange,
} from './timeline';
export { apiTimeMs } from './read';
export { timelineText } from './text';
