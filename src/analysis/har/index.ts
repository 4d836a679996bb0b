// HAR → what the waterfall panel and the HTML report draw. Pure: no DOM, no node.
export * from './model';
export { readHar, readPhases } from './reader';
export {
  buildWaterfall,
  phaseSegments,
  timeToFirstByte,
  type Waterfall,
  type WaterfallRow,
  type PhaseSegment,
} from './waterfall';
export {
  parseFilter,
  matchesFilter,
  entryMatcher,
  parseSize,
  FILTER_KEYS,
  type ParsedFilter,
  type FilterClause,
  type FilterKey,
} from './filter';
export { sortRows, SORT_KEYS, type SortKey, type SortDirection } from './sort';
export { summarize, statusClass, type HarSummary, type StatusClass, type Tally } from './summary';
export { formatBytes, formatMs } from './format';
export { classifyResource, splitUrl } from './classify';
