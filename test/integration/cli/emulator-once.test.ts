// The emulator loads once per process, and only when something asks for it: the built bundles as
// the product loads them, from a copy of dist/ alone (as shipped-bundles.test.ts). dist/cli-lib.js
// (netmon's commands, and the AI tools' catalogue in VS Code) requires dist/emulator-lib.js only
// when an --emulator account opens, never at load; in the extension host, demo mode's emulator
// (src/vscode/connection/demo.ts, through the bundle loader's code cache) stays the only copy when
// the AI tools then load cli-lib. Runs on the build `npm test` makes first (node esbuild.mjs).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type * as vm from 'node:vm';
import { requireBundle } from '../../../src/vscode/bundle-loader';
import { startDemoEmulator } from '../../../src/vscode/connection/demo';

const REPO = join(__dirname, '..', '..', '..');
const BUNDLES = ['cli-lib.js', 'client-lib.js', 'documents-lib.js', 'emulator-lib.js', 'fields-lib.js'];

/**
 * Run by a plain `node` (no tsx, no src/): every file Node compiles, named, and every loaded
 * module exporting startEmulator, after loading cli-lib, after `validate`, and after `plan
 * --emulator` twice in the same process.
 */
const CLI_PROCESS = `
const Module = require('node:module');
const path = require('node:path');
const dist = process.env.NETMON_TEST_DIST;
const compiled = [];
const compile = Module.prototype._compile;
Module.prototype._compile = function (content, filename) {
  compiled.push(path.relative(dist, filename));
  return compile.apply(this, arguments);
};
const emulators = () => Object.values(require.cache)
  .filter((m) => m && m.exports && typeof m.exports.startEmulator === 'function')
  .map((m) => path.relative(dist, m.filename));
const io = (lines) => ({ stdout: (l) => lines.push(l), stderr: (l) => lines.push(l), cwd: process.cwd(), env: {} });
(async () => {
  const steps = {};
  const lib = require(path.join(dist, 'cli-lib.js'));
  steps.loaded = { compiled: [...compiled], emulators: emulators() };
  const validated = [];
  steps.validate = { status: await lib.runValidate(['portal-health.netmon-test.json'], io(validated)), output: validated };
  steps.validate.compiled = [...compiled];
  steps.plans = [];
  for (let i = 0; i < 2; i++) {
    const planned = [];
    const status = await lib.runPlan(['portal-health.netmon-test.json', '--emulator'], io(planned));
    steps.plans.push({ status, output: planned });
  }
  steps.planned = { compiled: [...compiled], emulators: emulators() };
  process.stdout.write(JSON.stringify(steps));
  process.exit(0);
})().catch((error) => { console.error(error); process.exit(2); });
`;

interface Step {
  compiled: string[];
  emulators?: string[];
}
interface CliSteps {
  loaded: Step;
  validate: Step & { status: number; output: string[] };
  plans: { status: number; output: string[] }[];
  planned: Step;
}

const count = (names: readonly string[], name: string): number => names.filter((n) => n === name).length;

describe('the emulator loads once, and only when asked for (dist/ alone)', () => {
  let installed: string;
  let dist: string;

  before(() => {
    const missing = BUNDLES.filter((name) => !existsSync(join(REPO, 'dist', name)));
    if (missing.length > 0) throw new Error(`dist/ lacks ${missing.join(', ')}: build first (node esbuild.mjs)`);
    installed = mkdtempSync(join(tmpdir(), 'netmon-emulator-once-'));
    dist = join(installed, 'dist');
    cpSync(join(REPO, 'dist'), dist, { recursive: true, filter: (source) => !source.endsWith('.map') });
    cpSync(join(REPO, 'examples', 'portal-health.netmon-test.json'), join(installed, 'portal-health.netmon-test.json'));
  });
  after(() => rmSync(installed, { recursive: true, force: true }));

  test('netmon: cli-lib loads without the emulator; two --emulator accounts load dist/emulator-lib.js once', () => {
    const run = spawnSync(process.execPath, ['-e', CLI_PROCESS], {
      cwd: installed,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, NETMON_TEST_DIST: dist, NETMON_TOKEN: undefined },
    });
    assert.equal(run.status, 0, run.stderr);
    const steps = JSON.parse(run.stdout) as CliSteps;

    assert.equal(count(steps.loaded.compiled, 'cli-lib.js'), 1);
    assert.equal(count(steps.loaded.compiled, 'emulator-lib.js'), 0, steps.loaded.compiled.join(', '));
    assert.deepEqual(steps.loaded.emulators, []);
    assert.equal(steps.validate.status, 0, steps.validate.output.join('\n'));
    assert.equal(count(steps.validate.compiled, 'emulator-lib.js'), 0, 'a command without --emulator loaded it');

    for (const plan of steps.plans) {
      assert.equal(plan.status, 1, plan.output.join('\n'));
      assert.match(plan.output.join('\n'), /Plan: 1 to create, 0 to update/);
    }
    assert.equal(count(steps.planned.compiled, 'emulator-lib.js'), 1, steps.planned.compiled.join(', '));
    assert.deepEqual(steps.planned.emulators, ['emulator-lib.js'], 'one module exports startEmulator');
  });

  test("the extension host: demo mode's emulator stays the only copy when the AI tools load cli-lib", async () => {
    // What the bundle loader evaluates: through Node's require, or compiled itself (vm.Script, with its code cache).
    const evaluated: string[] = [];
    const prototype = Module.prototype as unknown as { _compile: (...args: unknown[]) => unknown };
    const nodeVm = createRequire(__filename)('node:vm') as { Script: typeof vm.Script };
    const { _compile: compile } = prototype;
    const { Script } = nodeVm;
    prototype._compile = function (this: unknown, ...args: unknown[]) {
      evaluated.push(`require ${basename(String(args[1]))}`);
      return compile.apply(this, args);
    };
    nodeVm.Script = class extends Script {
      constructor(code: string, options?: vm.ScriptOptions) {
        super(code, options);
        evaluated.push(`compile ${basename(String(options?.filename))}`);
      }
    };
    const cache = mkdtempSync(join(tmpdir(), 'netmon-emulator-once-cache-'));
    try {
      // Demo mode, as the connection manager starts it.
      const demo = await startDemoEmulator(installed, 'v7');
      try {
        assert.equal((await fetch(new URL('/v7/tests?aid=1001', demo.url))).status, 401);
        // The first AI tool call, as src/vscode/lm-tools/lazy.ts loads the catalogue.
        const catalogue = requireBundle(join(dist, 'cli-lib.js'), cache, undefined, {
          './client-lib.js': requireBundle(join(dist, 'client-lib.js'), cache),
          './documents-lib.js': requireBundle(join(dist, 'documents-lib.js'), cache),
        });
        assert.equal(typeof (catalogue as { callTool?: unknown }).callTool, 'function');
      } finally {
        await demo.close();
      }
    } finally {
      prototype._compile = compile;
      nodeVm.Script = Script;
      rmSync(cache, { recursive: true, force: true });
    }
    assert.ok(evaluated.includes('compile cli-lib.js'), evaluated.join(', '));
    assert.deepEqual(
      evaluated.filter((name) => name.endsWith(' emulator-lib.js')),
      [process.getuid === undefined ? 'require emulator-lib.js' : 'compile emulator-lib.js'],
      evaluated.join(', '),
    );
  });
});
