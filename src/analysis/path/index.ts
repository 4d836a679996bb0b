// Path traces → merged hop graph → views (grouped, collapsed) → layered layout / text.
export * from './model';
export {
  HopGraphBuilder,
  mergePathTraces,
  tracerouteToPathTrace,
  agentNodeId,
  starNodeId,
  type TracerouteContext,
} from './merge';
export { contractGraph, groupByKey, collapseChains, type GroupBy } from './group';
export {
  layoutHopGraph,
  DEFAULT_LAYOUT,
  type PathLayout,
  type PlacedNode,
  type PlacedLink,
  type LayoutOptions,
} from './layout';
export { bilayerCrossings, countInversions, countPolylineCrossings, type Point } from './crossings';
export { hopRows, pathReportText, pathTraceText, pathTraceTextByAgent, type HopRow } from './text-report';
export { pathRounds, type PathRound } from './rounds';
export {
  curveSegments,
  placeLabels,
  sampleCurves,
  type CurveSegment,
  type LabelInput,
  type LabelSpot,
} from './label-placement';
export * from './localize';
