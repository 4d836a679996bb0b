// The AI tools' catalogue as `netmon mcp` (src/cli/mcp.ts) and the AI tools in VS Code
// (dist/lmtools-lib.js) take it: through this file only, so esbuild.mjs has one module to leave
// out of lmtools-lib. dist/cli-lib.js (src/cli/library.ts) carries it for both.
export { TOOLS, callTool, toolNamed, type ToolOutcome } from './catalogue';
export { describeInstantRun } from './instant';
