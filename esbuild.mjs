// One build script, one esbuild context per target: the extension host (node, cjs,
// vscode external), the CLIs (node), and one browser iife per webview panel.
import * as esbuild from 'esbuild';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const watch = args.includes('--watch');
const production = args.includes('--production') || process.env.NODE_ENV === 'production';
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;
// `--metafile DIR`: each target's esbuild metafile as DIR/<target>.json (scripts/package.mjs names what weighs most).
const metafileDir = args.includes('--metafile') ? args[args.indexOf('--metafile') + 1] : null;

// mainFields: jsonc-parser's UMD build hides its requires from esbuild; its ESM build does not.
const node = { bundle: true, platform: 'node', format: 'cjs', target: 'node20', mainFields: ['module', 'main'], sourcemap: !production, minify: production, logLevel: 'warning' };
const browser = { bundle: true, platform: 'browser', format: 'iife', target: 'es2022', sourcemap: !production, minify: production, logLevel: 'warning' };

/**
 * esbuild wraps every `import * as vscode from 'vscode'` of a bundled module in its own
 * `__toESM(require("vscode"))`: a fresh copy of the whole API (a getter per export), 35
 * copies costing ~18 ms at activation. We never use a default import, so every module can
 * share the host's object. The helper's name is blanked out, not removed, so columns (and
 * the source map) stay as they are.
 */
const shareVscodeNamespace = {
  name: 'share-vscode-namespace',
  setup(build) {
    build.onEnd((result) => {
      const outfile = build.initialOptions.outfile;
      if (result.errors.length > 0 || !outfile || !existsSync(outfile)) return;
      const code = readFileSync(outfile, 'utf8');
      const shared = code.replace(/([A-Za-z_$][\w$]*)\(require\("vscode"\)\)/g, (_call, helper) => `${' '.repeat(helper.length)}(require("vscode"))`);
      if (shared !== code) writeFileSync(outfile, shared);
    });
  },
};

/**
 * client-lib needs three things of undici (src/api/transport.ts: Agent, ProxyAgent,
 * request), but undici's index loads all of it: fetch, WebSocket, caches, mocks. This
 * entry loads only the dispatchers and the request API, which halves client-lib.js and
 * with it the compile and start-up time before the tree's first request. `request` is
 * undici's own wrapper (index.js, makeDispatcher(api.request)), unchanged.
 */
const undiciRequestOnly = {
  name: 'undici-request-only',
  setup(build) {
    build.onResolve({ filter: /^undici$/ }, () => ({ path: 'undici', namespace: 'undici-request-only' }));
    build.onLoad({ filter: /.*/, namespace: 'undici-request-only' }, () => (assertUndiciUsesFit(), {
      resolveDir: dirname(fileURLToPath(import.meta.resolve('undici'))),
      loader: 'js',
      contents: `'use strict'
const Dispatcher = require('./lib/dispatcher/dispatcher')
const api = require('./lib/api')
Object.assign(Dispatcher.prototype, api)
const Agent = require('./lib/dispatcher/agent')
const ProxyAgent = require('./lib/dispatcher/proxy-agent')
const util = require('./lib/core/util')
const { InvalidArgumentError } = require('./lib/core/errors')
const { getGlobalDispatcher } = require('./lib/global')
${undiciMakeDispatcher()}
module.exports = { Agent, ProxyAgent, Dispatcher, request: makeDispatcher(api.request) }
`,
    }));
  },
};

const UNDICI_REQUEST_ONLY_EXPORTS = new Set(['Agent', 'ProxyAgent', 'Dispatcher', 'request']);

/** A name this entry lacks would be undefined at run time (esbuild cannot tell for CommonJS): fail the build instead. */
function assertUndiciUsesFit() {
  for (const file of readdirSync('src/api', { recursive: true }).filter((name) => String(name).endsWith('.ts'))) {
    const text = readFileSync(join('src/api', String(file)), 'utf8');
    for (const [statement, names] of text.matchAll(/import\s+(?:type\s+)?(?:\{([^}]*)\}|\*\s+as\s+\w+|\w+)\s+from\s+'undici'/g)) {
      if (/^import\s+type\b/.test(statement)) continue;
      const values = names === undefined ? ['*'] : names.split(',').map((n) => n.trim()).filter((n) => n && !n.startsWith('type '));
      const missing = values.map((n) => n.split(/\s+as\s+/)[0]).filter((n) => !UNDICI_REQUEST_ONLY_EXPORTS.has(n));
      if (missing.length > 0) throw new Error(`src/api/${file} imports ${missing.join(', ')} from undici: add it to undiciRequestOnly in esbuild.mjs`);
    }
  }
}

/** undici's own request wrapper, read from its index.js so it stays the installed version's. */
function undiciMakeDispatcher() {
  const index = readFileSync(fileURLToPath(import.meta.resolve('undici')), 'utf8');
  const match = /^function makeDispatcher \(fn\) \{[\s\S]*?^\}$/m.exec(index);
  if (!match) throw new Error('undici/index.js has no makeDispatcher(fn) any more: update undiciRequestOnly in esbuild.mjs');
  return match[0];
}

/** A resolve one of the take-… plugins asked for itself: the others must not take it over (each would ask again, forever). */
const isPluginResolve = (args) => typeof args.pluginData === 'string' && args.pluginData.startsWith('take-');

/**
 * dist/features-lib.js takes the modules listed in src/vscode/shared-modules.ts from
 * dist/extension.js (bundle-loader.ts passes them in) instead of bundling a second copy:
 * `require("netmon-shared:src/vscode/tree/nodes.ts")`.
 */
const takeSharedModules = {
  name: 'take-shared-modules',
  setup(build) {
    const table = readFileSync('src/vscode/shared-modules.ts', 'utf8');
    const files = [...table.matchAll(/^\s*'(src\/[^']+\.ts)':/gm)].map((match) => match[1]);
    if (files.length === 0 || files.some((file) => !existsSync(file))) throw new Error(`src/vscode/shared-modules.ts lists no modules or missing ones: ${files.join(', ')}`);
    const shared = new Set(files.map((file) => resolve(file)));
    build.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (isPluginResolve(args)) return undefined;
      const found = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'take-shared-modules' });
      if (found.errors.length > 0 || !shared.has(found.path)) return undefined;
      return { path: `netmon-shared:${relative(process.cwd(), found.path).split('\\').join('/')}`, external: true };
    });
  },
};

/**
 * dist/lmtools-lib.js (the AI tools in VS Code) takes the client, the documents layer and the
 * tools' catalogue from the bundles the extension loaded (src/vscode/lm-tools/lazy.ts hands them
 * in): the catalogue tells API errors by class, which a second copy of src/api would not be.
 * The emulator, which opening an --emulator account requires (src/workflows/account.ts, only then: never at load), is
 * its sibling dist/emulator-lib.js, one module per process by Node's require cache.
 * dist/cli-lib.js and dist/mcp-lib.js take the same libraries as their siblings in dist/
 * (SIBLING_LIBRARIES); `idOf` answering undefined bundles the library instead.
 */
const LIBRARIES = ['src/api/index.ts', 'src/documents/index.ts', 'src/tools/library.ts'];
const takeLibraries = (idOf = (file) => `netmon-library:${file}`) => ({
  name: 'take-libraries',
  setup(build) {
    const libraries = new Map(LIBRARIES.map((file) => [resolve(file), file]));
    const emulator = resolve('src/emulator/index.ts');
    build.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (isPluginResolve(args) || args.kind === 'entry-point') return undefined;
      const found = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'take-libraries' });
      if (found.errors.length > 0) return undefined;
      if (found.path === emulator) return { path: './emulator-lib.js', external: true };
      const id = libraries.has(found.path) ? idOf(libraries.get(found.path)) : undefined;
      return id === undefined ? undefined : { path: id, external: true };
    });
  },
});

/**
 * The CLI's commands (dist/cli-lib.js) and netmon mcp's server (dist/mcp-lib.js) load the client
 * and the documents layer from dist/client-lib.js and dist/documents-lib.js, their siblings in
 * dist/ (the repository's build and the installed extension alike), instead of each carrying a
 * copy: undici, ajv and the schemas were most of the CLI. Node's require cache makes every
 * require of a sibling the same module, so an API error keeps its class from the client to the catalogue.
 */
const SIBLING_LIBRARIES = { 'src/api/index.ts': './client-lib.js', 'src/documents/index.ts': './documents-lib.js' };
const takeSiblingLibraries = takeLibraries((file) => SIBLING_LIBRARIES[file]);

/**
 * dist/netmon.js is src/cli/netmon.ts alone, the dispatcher: each command it imports comes from
 * dist/cli-lib.js beside it, whose entry (src/cli/library.ts) re-exports them. A name that entry
 * lacks would be undefined at run time, so the build fails on it instead.
 */
const commandsFromLibrary = {
  name: 'commands-from-library',
  setup(build) {
    const dispatcher = resolve('src/cli/netmon.ts');
    build.onStart(assertCommandsExported);
    build.onResolve({ filter: /^\.\/[\w-]+$/ }, (args) => (args.importer === dispatcher ? { path: './cli-lib.js', external: true } : undefined));
  },
};

function assertCommandsExported() {
  const dispatcher = readFileSync('src/cli/netmon.ts', 'utf8');
  const entry = readFileSync('src/cli/library.ts', 'utf8');
  const exported = new Set([...entry.matchAll(/^export \{([^}]*)\} from '\.\/[\w-]+';$/gm)].flatMap(([, names]) => names.split(',').map((name) => name.trim())));
  const imported = [
    ...[...dispatcher.matchAll(/^import \{([^}]*)\} from '\.\/[\w-]+';$/gm)].flatMap(([, names]) => names.split(',').map((name) => name.trim())),
    ...[...dispatcher.matchAll(/\(await import\('\.\/[\w-]+'\)\)\.(\w+)/g)].map(([, name]) => name),
  ].filter((name) => name && !name.startsWith('type '));
  const missing = imported.filter((name) => !exported.has(name));
  if (missing.length > 0) throw new Error(`src/cli/netmon.ts imports ${missing.join(', ')}: export ${missing.length === 1 ? 'it' : 'them'} from src/cli/library.ts (dist/cli-lib.js)`);
  if (/^import (?!\{)/m.test(dispatcher)) throw new Error('src/cli/netmon.ts: import its commands by name (import { runX } from \'./x\'), which esbuild.mjs checks against src/cli/library.ts');
}

/**
 * ajv (and ajv-formats), which the catalogue and the MCP SDK validate with, from the documents
 * layer that already carries them (src/documents/index.ts exports both packages as they are)
 * instead of a copy each: `documents` is the id the bundle requires the documents layer by.
 */
const ajvFromDocuments = (documents) => ({
  name: 'ajv-from-documents',
  setup(build) {
    const exportOf = { ajv: 'ajvPackage', 'ajv-formats': 'ajvFormatsPackage' };
    build.onResolve({ filter: /^ajv(-formats)?$/ }, (args) => ({ path: args.path, namespace: 'ajv-from-documents' }));
    build.onResolve({ filter: /.*/, namespace: 'ajv-from-documents' }, (args) => ({ path: args.path, external: true }));
    build.onLoad({ filter: /.*/, namespace: 'ajv-from-documents' }, (args) => ({
      loader: 'js',
      contents: `module.exports = require(${JSON.stringify(documents)}).${exportOf[args.path]};\n`,
    }));
  },
});

/**
 * The vendor's field rules of every v7 test type (src/api/types/test-type-fields.ts, generated
 * from its OpenAPI, ~12 KiB minified), which the emulator's v7 routes and the documents layer
 * both check against, ship once as dist/fields-lib.js: emulator-lib and documents-lib require it
 * from beside them. It is data and pure functions, so where each lands in memory does not matter.
 */
const TEST_FIELDS = resolve('src/api/types/test-type-fields.ts');
const testFieldsFromLibrary = {
  name: 'test-fields-from-library',
  setup(build) {
    build.onResolve({ filter: /test-type-fields$/ }, async (args) => {
      if (isPluginResolve(args)) return undefined;
      const found = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'take-test-fields' });
      return found.errors.length === 0 && found.path === TEST_FIELDS ? { path: './fields-lib.js', external: true } : undefined;
    });
  },
};

/**
 * netmon-emulator (dist/emulator.js) loads the emulator from dist/emulator-lib.js, its sibling in
 * the package, instead of carrying a copy of it in the .vsix; the CLI's --emulator (dist/cli-lib.js)
 * requires the same file through takeLibraries above. The entry reaches the emulator through these imports.
 */
const EMULATOR_IMPORTS = [{ importer: join('src', 'emulator', 'cli.ts'), path: /^\.\/(server|api|index)$/ }];
const emulatorFromLibrary = {
  name: 'emulator-from-library',
  setup(build) {
    build.onResolve({ filter: /emulator$|^\.\/(server|api|index)$/ }, (args) => {
      const shared = EMULATOR_IMPORTS.some(({ importer, path }) => args.importer.endsWith(importer) && path.test(args.path));
      return shared ? { path: './emulator-lib.js', external: true } : undefined;
    });
  },
};

/** `netmon mcp` (src/cli/mcp.ts) loads the MCP server and its SDK from dist/mcp-lib.js, its sibling: no other command pays for them. */
const mcpFromLibrary = {
  name: 'mcp-from-library',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/tools\/mcp-server$/ }, (args) => (args.importer.endsWith(join('src', 'cli', 'mcp.ts')) ? { path: './mcp-lib.js', external: true } : undefined));
  },
};

const targets = {
  extension: { ...node, entryPoints: ['src/vscode/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'], minify: true, plugins: [shareVscodeNamespace] },
  emulator: { ...node, entryPoints: ['src/emulator/cli.ts'], outfile: 'dist/emulator.js', banner: { js: '#!/usr/bin/env node' }, plugins: [emulatorFromLibrary] },
  // The CLI's dispatcher alone: its commands, and through them the client, the documents layer, the emulator and netmon mcp's server, come from the bundles beside it in dist/.
  cli: { ...node, entryPoints: ['src/cli/netmon.ts'], outfile: 'dist/netmon.js', banner: { js: '#!/usr/bin/env node' }, plugins: [commandsFromLibrary] },
  // The MCP server, the AI tools and the MCP SDK: loaded by `netmon mcp` only.
  'mcp-lib': { ...node, entryPoints: ['src/tools/mcp-server.ts'], outfile: 'dist/mcp-lib.js', minify: true, plugins: [takeSiblingLibraries, ajvFromDocuments('./documents-lib.js')] },
  // Demo mode loads this lazily (require at runtime), keeping the emulator out of dist/extension.js.
  // The typed client (undici is ~0.5 MB minified) is loaded at the first connection, keeping dist/extension.js small.
  'client-lib': { ...node, entryPoints: ['src/api/index.ts'], outfile: 'dist/client-lib.js', minify: true, plugins: [undiciRequestOnly] },
  'emulator-lib': { ...node, entryPoints: ['src/emulator/index.ts'], outfile: 'dist/emulator-lib.js', minify: true, plugins: [testFieldsFromLibrary] },
  'fields-lib': { ...node, entryPoints: ['src/api/types/test-type-fields.ts'], outfile: 'dist/fields-lib.js', minify: true },
  // The documents layer (ajv, schemas) is loaded when the first Netmon document or document command needs it.
  'documents-lib': { ...node, entryPoints: ['src/documents/index.ts'], outfile: 'dist/documents-lib.js', minify: true, plugins: [testFieldsFromLibrary] },
  // Redaction and the evidence bundles are loaded the first time something is exported.
  'sharing-lib': { ...node, entryPoints: ['src/analysis/sharing.ts'], outfile: 'dist/sharing-lib.js', minify: true },
  // Panels, document features, item and agent commands, the walkthrough: constructed on first use (src/vscode/lazy-features.ts).
  'features-lib': { ...node, entryPoints: ['src/vscode/features.ts'], outfile: 'dist/features-lib.js', external: ['vscode'], minify: true, plugins: [takeSharedModules, shareVscodeNamespace] },
  // netmon's commands and the AI tools' catalogue with the analyses they share, for dist/netmon.js and the AI tools in VS Code alike.
  'cli-lib': { ...node, entryPoints: ['src/cli/library.ts'], outfile: 'dist/cli-lib.js', minify: true, plugins: [takeSiblingLibraries, ajvFromDocuments('./documents-lib.js'), mcpFromLibrary] },
  // The AI tools behind vscode.lm.registerTool: loaded at the first tool call (src/vscode/lm-tools/lazy.ts).
  'lmtools-lib': { ...node, entryPoints: ['src/vscode/lm-tools/tools.ts'], outfile: 'dist/lmtools-lib.js', external: ['vscode'], minify: true, plugins: [takeLibraries(), ajvFromDocuments('netmon-library:src/documents/index.ts'), takeSharedModules, shareVscodeNamespace] },
  // Exports are redacted on this worker thread, never on the extension host's.
  'redact-worker': { ...node, entryPoints: ['src/vscode/sharing/redact-worker.ts'], outfile: 'dist/redact-worker.js', minify: true },
  // The .har editor reads (inflates, counts, parses) and exports its HAR on this worker thread, never on the extension host's.
  'har-read-worker': { ...node, entryPoints: ['src/vscode/sharing/har-read-worker.ts'], outfile: 'dist/har-read-worker.js', minify: true },
};
for (const panel of ['har', 'path', 'metrics', 'session', 'instant', 'agent', 'timeline', 'compare', 'hardiff']) {
  targets[`webview-${panel}`] = { ...browser, entryPoints: [`webview/${panel}/main.ts`], outfile: `dist/webview/${panel}.js`, minify: true };
}

/** The bundles a target's bundle requires from beside it at run time: `--only` builds them too. */
const NEEDS = {
  emulator: ['emulator-lib'],
  cli: ['cli-lib'],
  'cli-lib': ['client-lib', 'documents-lib', 'emulator-lib', 'mcp-lib'],
  'mcp-lib': ['client-lib', 'documents-lib'],
  'emulator-lib': ['fields-lib'],
  'documents-lib': ['fields-lib'],
  'lmtools-lib': ['cli-lib'],
};
const wanted = new Set(only === null ? Object.keys(targets) : Object.keys(targets).filter((name) => only.some((o) => name === o || name.startsWith(`${o}-`))));
for (const name of wanted) for (const need of NEEDS[name] ?? []) wanted.add(need);
const selected = Object.entries(targets).filter(([name, options]) => wanted.has(name) && existsSync(options.entryPoints[0]));

const contexts = await Promise.all(selected.map(([, options]) => esbuild.context({ ...options, metafile: metafileDir !== null })));
if (watch) {
  await Promise.all(contexts.map((c) => c.watch()));
  console.log(`watching ${selected.map(([n]) => n).join(', ')}`);
} else {
  const results = await Promise.all(contexts.map((c) => c.rebuild()));
  if (metafileDir !== null) {
    mkdirSync(metafileDir, { recursive: true });
    results.forEach((result, index) => writeFileSync(join(metafileDir, `${selected[index][0]}.json`), JSON.stringify(result.metafile)));
  }
  await Promise.all(contexts.map((c) => c.dispose()));
  console.log(`built ${selected.map(([n]) => n).join(', ')}`);
}
