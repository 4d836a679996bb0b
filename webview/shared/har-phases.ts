// Phase colours of the waterfall (DevTools' palette), shared by the panel and the report.
// Defined in src/analysis/har/phase-colors.ts (the evidence bundle's pure waterfall image
// uses them too); re-exported here so the panels' imports stay as they were.
export { PHASE_COLORS, PHASE_LABELS } from '../../src/analysis/har/phase-colors';
