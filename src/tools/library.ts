// Entry of dist/catalogue-lib.js: the AI tools' catalogue with its analyses, shared by `netmon mcp`
// (src/cli/mcp.ts) and the AI tools in VS Code (dist/lmtools-lib.js) instead of a copy in each.
// Both take it through this file only, so esbuild.mjs has one module to leave out of them.
export { TOOLS, callTool, toolNamed, type ToolOutcome } from './catalogue';
export { describeInstantRun } from './instant';
