// Endpoint test documents (*.netmon-endpoint-test.json): fields, rules, requests, plan, import, templates.
export { ALL_TARGET_FIELDS, SELECTION_FIELDS, TARGET_FIELDS, UPDATABLE_FIELDS, WRITE_ONLY_FIELDS } from './fields';
export { isManagedEndpointTestType } from './rules';
export * from './payload';
export * from './instant';
export * from './plan';
export * from './import';
export * from './templates';
export * from './apply';
export * from './completion';
export * from './folder';
