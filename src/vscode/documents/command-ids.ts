// Command ids of the document features (package.json contributes the same ids).
import { COMMAND } from '../command-ids.generated';
export const COMMANDS = {
  create: COMMAND.documentsCreate,
  update: COMMAND.documentsUpdate,
  delete: COMMAND.documentsDelete,
  showBinding: COMMAND.documentsShowBinding,
  runInstantDocument: COMMAND.documentsRunInstant,
  runFilter: COMMAND.documentsRunFilter,
  runInstantTest: COMMAND.runInstantTest,
  plan: COMMAND.documentsPlan,
  apply: COMMAND.documentsApply,
  refreshCatalog: COMMAND.documentsRefreshCatalog,
  newDocument: COMMAND.documentsNew,
  newDocumentOfType: COMMAND.documentsNewOfType,
  runNow: COMMAND.documentsRunNow,
  runDeployed: COMMAND.documentsRunDeployed,
  importTests: COMMAND.documentsImport,
} as const;

/** Endpoint test documents' commands (routed at activation like the others). */
export const ENDPOINT_TEST_COMMANDS = {
  create: COMMAND.endpointTestsCreate,
  update: COMMAND.endpointTestsUpdate,
  delete: COMMAND.endpointTestsDelete,
  plan: COMMAND.endpointTestsPlan,
  runNow: COMMAND.endpointTestsRunNow,
  showResults: COMMAND.endpointTestsShowResults,
} as const;
