// Entry of dist/cli-lib.js: netmon's commands and the AI tools' catalogue, with the analyses they
// share. dist/netmon.js is only the dispatcher (src/cli/netmon.ts) taking its commands from here,
// and the AI tools in VS Code (dist/lmtools-lib.js) take the catalogue from here: one copy ships.
// esbuild.mjs fails the build when netmon.ts imports a name this file does not export.
export * from '../tools/library';
export { runAgent } from './agent';
export { runAlerts } from './alerts';
export { runApply } from './apply';
export { runCapture } from './capture';
export { runEvidence } from './evidence';
export { runHar } from './har-report';
export { runImport } from './import';
export { printLine, processIo } from './io';
export { runMcp } from './mcp';
export { runPath } from './path';
export { runPlan } from './plan';
export { runResults } from './results';
export { runRun } from './run';
export { runValidate } from './validate';
