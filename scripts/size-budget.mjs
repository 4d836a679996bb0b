// Size budgets of what the extension ships, checked by `npm run package` (and so by CI).
// Sizes are the same on every machine, unlike start-up times: a commit that makes
// dist/extension.js, a lazily loaded bundle or the .vsix pass its budget fails the build,
// naming what in that bundle weighs most (from esbuild's metafile).

const KIB = 1024;

/**
 * Budgets in KiB, by path from the repository root. extension.js is what every activation
 * compiles; the lazy bundles are loaded on first use (budget ~15% above their size when
 * this was set); the .vsix is what a user downloads. Raise one only on purpose, in the
 * commit that needs it, saying why.
 */
export const SIZE_BUDGETS_KIB = {
  'dist/extension.js': 200,
  // 280 (was 240): Deployed Tests and their results' data sources, the path beside the session, the v7 agent
  // card, the document flows of #30 and #31 — 261 KiB when raised.
  // 300 (was 280): Run Now of every enterprise type with its panel, endpoint test documents' commands and
  // lenses, the one-click consent of the Create/Update lenses — 284 KiB when raised.
  // 325 (was 300): endpoint test documents' Run Now and Results, the offer after Apply and its journal — 303.4 KiB when
  // raised. Way back down: one analysis bundle shared by features-lib, sharing-lib and cli-lib (~145 KiB of it is in both).
  // 335 (was 325): segments graded on what they measure, the network provider, sessions' own evidence range — 325.6 KiB
  // when raised. Way back down as above.
  // 340 (was 335): the explorer's Alerts root and Show Alert, Delete Test…, the server's own time in the timeline —
  // 335.5 KiB when raised. Way back down as above.
  // 344 (was 340): Share for a Ticket and the evidence preview — 339.1 KiB when raised.
  // 380 (was 344): alert rule documents in the editor (diagnostics, completion, the Backtest lens and panel) and the
  // replay they run (~18 KiB, also in cli-lib) — 375.7 KiB when raised. Way back down: the replay taken from one bundle.
  // 386 (was 380): the Health panel of a deployed test (a row per agent) — 382.2 KiB when raised.
  // 392 (was 386): alert and event marks on the agent timeline and the metrics panel's bands — 386.5 KiB when raised.
  // 398 (was 392): Share for a Ticket… on the path, timeline, HAR diff and comparison panels — 393.6 KiB when raised.
  // 404 (was 398): suppression window documents' lenses and a test document's rule names checked on save — 401.5 KiB
  // when raised.
  'dist/features-lib.js': 404,
  'dist/client-lib.js': 400,
  // 290 (was 245): every v7 test type's fields from the vendor's OpenAPI in the test schema (descriptions,
  // enums, ranges: ~48 KiB minified) — 272 KiB when raised.
  // 305 (was 290): endpoint test documents (schema, plan, import) — 292 KiB when raised.
  // 310 (was 305): alert rule documents (their reader checks the expression and its metrics) — 303.9 KiB when raised.
  // 318 (was 310): alert rule documents in plan, apply and import (names resolved to ids, the rule's plan text) —
  // 312.7 KiB when raised.
  // 330 (was 318): test documents naming rules (bound through the rules' testIds), and suppression window documents
  // (parse, plan, import, apply) — 324.6 KiB when raised.
  'dist/documents-lib.js': 330,
  // 185 (was 160): the vendor's field rules of every test type, which the v7 routes check — 170 KiB when raised.
  // 187 (was 185): results of the endpoint tests written through v7 (186.2 KiB then); the vendor's field rules then
  // moved to fields-lib (below): 173.4 KiB with them, ~12 KiB of room for the emulator's next routes.
  // 210 (was 187): v7 alerts, alert rules, suppression windows and events, raised from the seeded episodes — 200.8 KiB when raised.
  // 222 (was 210): the emulator evaluates alert rules, seeded and written, over its rounds — the expression parser and
  // evaluator of src/analysis/alerts (9.7 KiB) — 217.7 KiB when raised.
  'dist/emulator-lib.js': 222,
  // The vendor's field rules of every v7 test type, required by emulator-lib and documents-lib from beside them: 11.9 KiB when set.
  'dist/fields-lib.js': 13,
  // 165: the HAR insights engine (critical path and findings, ~20 KiB) for the bundles' "why was it slow" and the session overview.
  // 195 (was 165): the exporter fields (CDN cache, Server-Timing) and Pseudonymise beside the insights — 180.5 KiB when raised.
  // 345 (was 195): tldts and its public suffix list (137 KiB) for the third-party share against the navigation's
  // registrable domain (bbc.co.uk's own CDNs are not third parties) — 330 KiB when raised.
  'dist/sharing-lib.js': 345,
  // 36 (was 30): redaction by content (GraphQL variables, XML/HTML, base64 and binary frames, content nested in content,
  // credentials in free text) — 30.6 KiB when raised.
  'dist/redact-worker.js': 36,
  // The .har editor's reading worker: the counting reader and, for its exports, redaction — 34.7 KiB when set.
  'dist/har-read-worker.js': 40,
  // The AI tools in VS Code, loaded at the first tool call: 433 KiB when set.
  // 9 (was 500): only their VS Code side; the catalogue comes from cli-lib and ajv from documents-lib — 7.9 KiB when lowered.
  // 10 (was 9): the results' commands quoted inside the fence (src/tools/fence.ts) — 9.2 KiB when raised.
  'dist/lmtools-lib.js': 10,
  // netmon mcp's server and the MCP SDK (with the ajv and zod it validates with): 276 KiB when set.
  // 156 (was 320): ajv and ajv-formats come from documents-lib — 144.5 KiB when lowered.
  'dist/mcp-lib.js': 156,
  // netmon's commands and the AI tools' catalogue with the analyses they share, for the CLI and VS Code alike
  // (the client and the documents layer come from their own bundles): 448 KiB when set.
  // 640 (was 485): tldts (137 KiB) for the insights' third-party share, as in sharing-lib — 618 KiB when raised.
  // 636 (was 640): the emulator (dist/emulator-lib.js) required only when an --emulator account opens, never at
  // load; it was never inside cli-lib, so the size is the same — 631.2 KiB when lowered.
  // 652 (was 636): netmon alerts, list_alerts and explain_alert (the alert explained with its path) — 647.4 KiB when raised.
  // 666 (was 652): the session_path tool (the session's own route, its localization and the agreement with the
  // test's round, 15 KiB of source) and the server's own time in the timeline — 661.7 KiB when raised.
  // 690 (was 666): netmon alerts backtest (the replay, its expression reader and the metrics each alert type carries,
  // the rounds read per test) — 686.2 KiB when raised.
  // 700 (was 690): the backtest_alert_rule tool — 696.3 KiB when raised.
  // 706 (was 700): alert and event marks in netmon agent timeline and agent_timeline — 700.1 KiB when raised.
  // 712 (was 706): netmon import --windows and suppression windows in plan and apply — 706.7 KiB when raised.
  'dist/cli-lib.js': 712,
  // The CLI's dispatcher alone (src/cli/netmon.ts; esbuild.mjs takes its commands from cli-lib): 2.8 KiB when set.
  'dist/netmon.js': 4,
  // 900 until netmon mcp: its server and the MCP SDK (dist/mcp-lib.js, 82 KiB gzipped) ship so that
  // `node <extension>/dist/netmon.js mcp` works from the installed extension; nothing else loads them.
  // 1100 (was 1000): 1046 KiB when raised. Most of the .vsix is the CLI (dist/netmon.js, ~1 MB unpacked), which
  // bundles its own copy of the client and the analyses: loading the lazy libraries instead is the way back down.
  // 1250 (was 1100): the AI tools in VS Code (dist/lmtools-lib.js, 433 KiB, ~145 KiB gzipped) — 1195 KiB when raised. Way back
  // down: one catalogue bundle for both netmon mcp and VS Code, taking ajv from documents-lib.
  // 1300 (was 1250): the five v7 test types' vendor fields and endpoint tests as code, in each bundle that
  // carries the documents layer (documents-lib, emulator-lib, netmon.js, lmtools-lib) — 1271 KiB when raised.
  // 970 (was 1300): every bundle loads the client, the documents layer, the field rules and the catalogue from the one
  // bundle that carries each (the CLI carried all of them, lmtools-lib and mcp-lib some) — 899 KiB when lowered.
  // 1100 (was 970): tldts and the public suffix list for the insights' third-party share, in the three bundles that
  // compute insights (sharing-lib, cli-lib, webview/har) — 1077 KiB when raised. Way back down: one copy, cli-lib and
  // sharing-lib taking it from one bundle (as they take the client), or a suffix list trimmed to the rules that matter.
  // 1120 (was 1100): the .har editor's reading worker (dist/har-read-worker.js, 36 KiB) and redaction by content in
  // every bundle that redacts — 1103 KiB when raised. Way back down as above: one copy of tldts.
  // 1126 (was 1120): alerts in the client, the emulator and the CLI — 1121.1 KiB when raised.
  // 1136 (was 1126): session_path in the CLI and the client split into its areas (client-lib) — 1130.4 KiB when raised.
  // 1142 (was 1136): Share for a Ticket and the evidence preview — 1137.1 KiB when raised.
  // 1156 (was 1142): netmon alerts backtest and alert rule documents — 1152.3 KiB when raised.
  // 1162 (was 1156): the backtest_alert_rule tool — 1157.2 KiB when raised.
  // 1172 (was 1162): alert rule documents in the editor and their Backtest panel — 1169.5 KiB when raised.
  // 1176 (was 1172): the Health panel of a deployed test — 1171.9 KiB when raised.
  // 1182 (was 1176): alert and event marks (timeline, metrics) — 1176.8 KiB when raised.
  // 1186 (was 1182): the emulator evaluating alert rules (the expression parser in emulator-lib) — 1182.0 KiB when raised.
  // 1194 (was 1186): alert rule documents in plan, apply, import and the editor's Create/Update/Delete — 1187.0 KiB when raised.
  // 1200 (was 1194): test documents naming rules and suppression window documents (schema, plan, apply, import) —
  // 1194.3 KiB when raised.
  // 1206 (was 1200): the emulator's alerts of every layer it serves, window lenses, rule names on save — 1197.8 KiB when
  // raised.
  vsix: 1206,
};

/**
 * Each measured file against its budget. `sizes` maps a budgeted name to its size in bytes;
 * a budgeted name that was not measured is a failure too (a renamed bundle must not slip out).
 * @param {Record<string, number>} sizes
 * @param {Record<string, number>} budgetsKiB
 * @returns {{ name: string, kib: number, budgetKiB: number, over: boolean, missing: boolean }[]}
 */
export function checkBudgets(sizes, budgetsKiB = SIZE_BUDGETS_KIB) {
  return Object.entries(budgetsKiB).map(([name, budgetKiB]) => {
    const bytes = sizes[name];
    const kib = bytes === undefined ? Number.NaN : bytes / KIB;
    return { name, kib, budgetKiB, over: bytes !== undefined && kib > budgetKiB, missing: bytes === undefined };
  });
}

/**
 * The inputs of one esbuild output grouped by npm package or by source folder
 * (`node_modules/undici`, `src/vscode/panels`), the heaviest first.
 * @param {{ outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }> }} metafile
 * @param {string} outfile the output's path as esbuild names it (e.g. "dist/extension.js")
 * @param {number} count
 * @returns {{ group: string, bytes: number }[]}
 */
export function topContributors(metafile, outfile, count = 8) {
  const output = metafile.outputs[outfile];
  if (!output) return [];
  const groups = new Map();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const group = inputGroup(input);
    groups.set(group, (groups.get(group) ?? 0) + bytesInOutput);
  }
  return [...groups]
    .map(([group, bytes]) => ({ group, bytes }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count);
}

/** @param {string} input */
function inputGroup(input) {
  const inPackage = input.lastIndexOf('node_modules/');
  if (inPackage >= 0) {
    const parts = input.slice(inPackage + 'node_modules/'.length).split('/');
    return `node_modules/${parts[0]?.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]}`;
  }
  const parts = input.split('/');
  return parts.length > 3 ? `${parts.slice(0, 3).join('/')}/` : input;
}

/**
 * Lines for the console: every budget, then the top contributors of each bundle over it.
 * @param {ReturnType<typeof checkBudgets>} results
 * @param {(name: string) => { group: string, bytes: number }[]} contributorsOf
 * @returns {{ ok: boolean, lines: string[] }}
 */
export function budgetReport(results, contributorsOf = () => []) {
  const lines = ['Size budgets:'];
  for (const result of results) {
    const verdict = result.missing
      ? 'MISSING (not built?)'
      : result.over
        ? `OVER by ${(result.kib - result.budgetKiB).toFixed(1)} KiB`
        : 'ok';
    lines.push(
      `  ${result.name.padEnd(24)} ${result.missing ? '' : `${result.kib.toFixed(1)} KiB`.padStart(11)} / ${String(result.budgetKiB).padStart(4)} KiB  ${verdict}`,
    );
    if (!result.over) continue;
    for (const { group, bytes } of contributorsOf(result.name))
      lines.push(`      ${(bytes / KIB).toFixed(1).padStart(8)} KiB  ${group}`);
  }
  const failed = results.filter((r) => r.over || r.missing);
  if (failed.length > 0)
    lines.push(
      `${failed.map((r) => r.name).join(', ')} ${failed.length === 1 ? 'is' : 'are'} over budget or missing: cut, load lazily, or raise the budget in scripts/size-budget.mjs on purpose`,
    );
  return { ok: failed.length === 0, lines };
}
