// npm run bench -- <name> [args…]: runs bench/<name>.ts (or .mjs) under tsx.
import { existsSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const [name, ...rest] = process.argv.slice(2);
const candidates = name ? [`bench/${name}.ts`, `bench/${name}.mjs`, `bench/${name}/index.ts`] : [];
const file = candidates.find((c) => existsSync(c));
if (!file) {
  const known = readdirSync('bench').filter((f) => /\.(ts|mjs)$/.test(f) && !f.startsWith('_')).map((f) => f.replace(/\.(ts|mjs)$/, ''));
  console.error(`usage: npm run bench -- <name>; known: ${known.join(', ')}`);
  process.exit(2);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', file, ...rest], { stdio: 'inherit' });
process.exit(result.status ?? 1);
