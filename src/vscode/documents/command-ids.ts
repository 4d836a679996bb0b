// Command ids of the document features (package.json contributes the same ids).
export const COMMANDS = {
  create: 'netmon.documents.create',
  update: 'netmon.documents.update',
  delete: 'netmon.documents.delete',
  showBinding: 'netmon.documents.showBinding',
  runInstantDocument: 'netmon.documents.runInstant',
  runFilter: 'netmon.documents.runFilter',
  runInstantTest: 'netmon.runInstantTest',
  plan: 'netmon.documents.plan',
  apply: 'netmon.documents.apply',
  refreshCatalog: 'netmon.documents.refreshCatalog',
  newDocument: 'netmon.documents.new',
  newDocumentOfType: 'netmon.documents.newOfType',
  runNow: 'netmon.documents.runNow',
  runDeployed: 'netmon.documents.runDeployed',
  importTests: 'netmon.documents.import',
} as const;

/** Endpoint test documents' commands (routed at activation like the others). */
export const ENDPOINT_TEST_COMMANDS = {
  create: 'netmon.endpointTests.create',
  update: 'netmon.endpointTests.update',
  delete: 'netmon.endpointTests.delete',
  plan: 'netmon.endpointTests.plan',
  runNow: 'netmon.endpointTests.runNow',
  showResults: 'netmon.endpointTests.showResults',
} as const;
