// The documents layer: parse, validate, complete, map to API requests, bind and plan.
export * from './diagnostic';
export * from './kinds';
export * from './parse';
export { DOCUMENT_SCHEMAS, validateSchema } from './schema';
export * from './validate';
export * from './live-catalog';
export * from './agent-catalog';
export * from './completion';
export * from './payloads';
export * from './edits';
export * from './binding';
export * from './plan';
export * from './apply';
export * from './plan-text';
export * from './deployed';
export * from './apply-journal';
export * from './planned-bindings';
export * from './ours';
export * from './templates';
export * from './template-snippet';
export * from './run-now';
export * from './import';
export * from './agent-edits';
export * from './agent-names';
export { duplicateTestNameDiagnostics, type WorkspaceDocument } from './rules/workspace-rules';
export { isEnterpriseTestType } from './rules/test-rules';
export { isFilterTarget } from './rules/filter-rules';
export * from './plan-scope';
export * from './endpoint-tests';
export {
  ALERT_RULE_SUFFIX,
  DEFAULT_ALERT_TYPE,
  parseAlertRule,
  type AlertRuleDocument,
  type RuleProblem,
} from './alert-rules/parse';
export { ALERT_TYPES } from './alert-rules/fields';
export * from './alert-rules/plan';
export * from './alert-rules/plan-text';
export * from './alert-rules/deploy';
export * from './alert-rules/import';
export type { DeployedTestName, ResolvedTest } from './alert-rules/resolve';
export { testRuleNames, writtenRules, type TestRuleNames, type WrittenRule } from './alert-rules/test-names';
export type { BoundTest, NamingProblem } from './alert-rules/rule-names';
// ajv and ajv-formats as they are, for the bundles that validate with them too (the AI tools'
// catalogue, the MCP SDK): esbuild.mjs hands them these instead of a copy of each.
export { default as ajvPackage } from 'ajv';
export { default as ajvFormatsPackage } from 'ajv-formats';
export {
  isSuppressionWindowDocument,
  parseSuppressionWindow,
  SUPPRESSION_WINDOW_SUFFIX,
} from './suppression-windows/parse';
export * from './suppression-windows/plan';
export * from './suppression-windows/plan-text';
export * from './suppression-windows/deploy';
export * from './suppression-windows/import';
export {
  pendingTests,
  type PendingTest,
  type PendingWindowTest,
  type WindowTest,
} from './suppression-windows/window-tests';
