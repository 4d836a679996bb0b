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
export { duplicateTestNameDiagnostics, type WorkspaceDocument } from './rules/workspace-rules';
export { isEnterpriseTestType } from './rules/test-rules';
export { isFilterTarget } from './rules/filter-rules';
