// Resource types of the API in shared/API_SPEC.md, shared by the client, the emulator,
// the documents and the panels. The service adds fields and enum values over time, so
// every record stays open (`Open<T>`) and enums accept any string (`OpenEnum<T>`).
// Split by resource area under ./types/; every import of '.../api/types' keeps working.
export * from './types/common';
export * from './types/tests';
export * from './types/agents';
export * from './types/agent-search';
export * from './types/endpoint-tests';
export * from './types/test-data';
export * from './types/endpoint-data';
export * from './types/har';
export * from './types/filters';
export * from './types/limits';
export * from './types/tolerant';
export * from './types/test-results';
export * from './types/endpoint-test-management';
export * from './types/alerts';
