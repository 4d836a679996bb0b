// npm run bench -- <name> [args…]: runs bench/<name>.ts (or .mjs) under tsx.
// A bench whose source has the line `// bench: bundled` is first bundled with esbuild (as the
// extension and the CLI ship: one module, direct bindings) and run by plain node: tsx turns
// every import into a getter call, which costs hot loops over outside data a third of
// their time and is not what users run.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const [name, ...rest] = process.argv.slice(2);
const candidates = name ? [`bench/${name}.ts`, `bench/${name}.mjs`, `bench/${name}/index.ts`] : [];
const file = candidates.find((c) => existsSync(c));
if (!file) {
  const known = readdirSync('bench')
    .filter((f) => /\.(ts|mjs)$/.test(f) && !f.startsWith('_'))
    .map((f) => f.replace(/\.(ts|mjs)$/, ''));
  console.error(`usage: npm run bench -- <name>; known: ${known.join(', ')}`);
  process.exit(2);
}

async function bundled(source) {
  const { build } = await import('esbuild');
  mkdirSync('bench/results', { recursive: true });
  const outfile = join('bench/results', `${name}.bundled.cjs`);
  await build({
    entryPoints: [source],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile,
    logLevel: 'warning',
    external: ['playwright-core', 'esbuild'],
  });
  return outfile;
}

const args = /^\/\/ bench: bundled$/m.test(readFileSync(file, 'utf8'))
  ? ['--expose-gc', await bundled(file), ...rest]
  : ['--import', 'tsx', '--expose-gc', file, ...rest];
const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
process.exit(result.status ?? 1);
