// One build script, one esbuild context per target: the extension host (node, cjs,
// vscode external), the CLIs (node), and one browser iife per webview panel.
import * as esbuild from 'esbuild';
import { existsSync } from 'node:fs';

const args = process.argv.slice(2);
const watch = args.includes('--watch');
const production = args.includes('--production') || process.env.NODE_ENV === 'production';
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;

// mainFields: jsonc-parser's UMD build hides its requires from esbuild; its ESM build does not.
const node = { bundle: true, platform: 'node', format: 'cjs', target: 'node20', mainFields: ['module', 'main'], sourcemap: !production, minify: production, logLevel: 'warning' };
const browser = { bundle: true, platform: 'browser', format: 'iife', target: 'es2022', sourcemap: !production, minify: production, logLevel: 'warning' };

const targets = {
  extension: { ...node, entryPoints: ['src/vscode/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'], minify: true },
  emulator: { ...node, entryPoints: ['src/emulator/cli.ts'], outfile: 'dist/emulator.js', banner: { js: '#!/usr/bin/env node' } },
  cli: { ...node, entryPoints: ['src/cli/netmon.ts'], outfile: 'dist/netmon.js', banner: { js: '#!/usr/bin/env node' } },
  // Demo mode loads this lazily (require at runtime), keeping the emulator out of dist/extension.js.
  // The typed client (undici is ~0.5 MB minified) is loaded at the first connection, keeping dist/extension.js small.
  'client-lib': { ...node, entryPoints: ['src/api/index.ts'], outfile: 'dist/client-lib.js', minify: true },
  'emulator-lib': { ...node, entryPoints: ['src/emulator/index.ts'], outfile: 'dist/emulator-lib.js', minify: true },
  // The documents layer (ajv, schemas) is loaded when the first Netmon document or document command needs it.
  'documents-lib': { ...node, entryPoints: ['src/documents/index.ts'], outfile: 'dist/documents-lib.js', minify: true },
};
for (const panel of ['har', 'path', 'metrics', 'session']) {
  targets[`webview-${panel}`] = { ...browser, entryPoints: [`webview/${panel}/main.ts`], outfile: `dist/webview/${panel}.js`, minify: true };
}

const selected = Object.entries(targets)
  .filter(([name, options]) => (!only || only.some((o) => name === o || name.startsWith(`${o}-`))) && existsSync(options.entryPoints[0]));

const contexts = await Promise.all(selected.map(([, options]) => esbuild.context(options)));
if (watch) {
  await Promise.all(contexts.map((c) => c.watch()));
  console.log(`watching ${selected.map(([n]) => n).join(', ')}`);
} else {
  await Promise.all(contexts.map((c) => c.rebuild()));
  await Promise.all(contexts.map((c) => c.dispose()));
  console.log(`built ${selected.map(([n]) => n).join(', ')}`);
}
