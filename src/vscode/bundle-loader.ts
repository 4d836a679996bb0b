// Loads the lazily required bundles (client-lib with undici, emulator-lib, documents-lib, sharing-lib,
// features-lib) with a V8 code cache. Node 20 (VS Code's extension host) has no module.enableCompileCache,
// and compiling client-lib.js (0.5 MB) is the largest single cost between activation and the
// tree's first data. Like Node's own compile cache, the cache lives under the temp dir: a
// per-user folder only that user may write, one file per bundle keyed by the bundle's
// content and the V8 version. Anything unexpected falls back to a plain require.
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vm from 'node:vm';

/** If nobody calls writePendingCodeCaches (no tree data yet), the caches are written after this. */
const WRITE_CACHE_AFTER_MS = 3_000;

const pendingWrites = new Set<() => void>();

/**
 * Writes the caches not written yet. Called once the tree shows its first data: the cache
 * then also holds the functions that request compiled lazily, and a short session still gets one.
 */
export function writePendingCodeCaches(): void {
  for (const write of [...pendingWrites]) write();
}

const loaded = new Map<string, unknown>();

export interface BundleLoadInfo {
  /** True when V8 accepted cached code for this load. */
  readonly fromCache: boolean;
  /** Settles once a cache for the next load was written (or was not needed). */
  readonly cacheWritten: Promise<void>;
}

const loadInfo = new Map<string, BundleLoadInfo>();

/** How the last load of `file` went (for tests and the activation bench). */
export function bundleLoadInfo(file: string): BundleLoadInfo | undefined {
  return loadInfo.get(file);
}

/**
 * Modules a bundle takes from dist/extension.js instead of carrying its own copy, by the id
 * its `require` names them with (esbuild.mjs marks them so): one TreeNode class, one
 * bundle memo. Any other id is a plain require relative to the bundle.
 */
export type ProvidedModules = Readonly<Record<string, unknown>>;

/** `require(file)` for a CommonJS bundle, compiled from the code cache when there is one. */
export function requireBundle(
  file: string,
  cacheDir: string | undefined = defaultCacheDir(),
  writeAfterMs = WRITE_CACHE_AFTER_MS,
  provided: ProvidedModules = {},
): unknown {
  if (loaded.has(file)) return loaded.get(file);
  const dir = cacheDir !== undefined && isPrivateCacheDir(cacheDir) ? cacheDir : undefined;
  // A cache that cannot be used or written must never stop the extension from loading.
  const exports =
    dir === undefined ? loadUncached(file, provided) : loadWithCodeCache(file, dir, writeAfterMs, provided).exports;
  loaded.set(file, exports);
  return exports;
}

function loadUncached(file: string, provided: ProvidedModules): unknown {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a runtime require is the fallback
  if (Object.keys(provided).length === 0) return require(file) as unknown;
  return runAsModule(compile(readFileSync(file, 'utf8'), file, undefined), file, provided);
}

function defaultCacheDir(): string | undefined {
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  return uid === undefined ? undefined : path.join(tmpdir(), `netmon-workbench-code-cache-${uid}`);
}

/**
 * The folder exists (or is created) as a real directory (not a symlink) owned by `uid` that
 * nobody else may write. In a shared temp dir another user could create the name first, or
 * put a symlink there: either way the folder is refused and bundles load without a cache.
 */
export function isPrivateCacheDir(dir: string, uid: number | undefined = process.getuid?.()): boolean {
  if (uid === undefined) return false;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = lstatSync(dir);
    return stat.isDirectory() && !stat.isSymbolicLink() && stat.uid === uid && (stat.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

/** Compiles and runs the bundle once more (no memo), from `dir`'s cache when it matches. */
export function loadWithCodeCache(
  file: string,
  dir: string,
  writeAfterMs = WRITE_CACHE_AFTER_MS,
  provided: ProvidedModules = {},
): BundleLoadInfo & { exports: unknown } {
  if (!isPrivateCacheDir(dir)) throw new Error(`${dir} is not a private folder of this user`);
  const source = readFileSync(file, 'utf8');
  const prefix = `${path.basename(file)}-`;
  const key = createHash('sha256')
    .update(process.versions.v8)
    .update('\0')
    .update(process.arch)
    .update('\0')
    .update(source)
    .digest('hex')
    .slice(0, 32);
  const cacheFile = path.join(dir, `${prefix}${key}.bin`);
  const cachedData = readIfPresent(cacheFile);
  const script = compile(source, file, cachedData);
  const fromCache = cachedData !== undefined && !script.cachedDataRejected;
  const exports = runAsModule(script, file, provided);
  const cacheWritten = fromCache
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        const write = (): void => {
          if (!pendingWrites.delete(write)) return;
          clearTimeout(timer);
          writeCache(script, dir, prefix, cacheFile);
          resolve();
        };
        pendingWrites.add(write);
        const timer = setTimeout(write, writeAfterMs).unref();
      });
  loadInfo.set(file, { fromCache, cacheWritten });
  return { exports, fromCache, cacheWritten };
}

/** V8 rejects cached data that does not match (cachedDataRejected); a throw is retried without it. */
function compile(source: string, file: string, cachedData: Buffer | undefined): vm.Script {
  try {
    return new vm.Script(Module.wrap(source), { filename: file, cachedData });
  } catch (error) {
    if (cachedData === undefined) throw error;
    return new vm.Script(Module.wrap(source), { filename: file });
  }
}

function runAsModule(script: vm.Script, file: string, provided: ProvidedModules): unknown {
  const wrapper: unknown = script.runInThisContext();
  if (typeof wrapper !== 'function') throw new Error(`${file} did not compile to a module wrapper`);
  const module = { exports: {} as unknown, filename: file, id: file, loaded: false };
  const plainRequire = createRequire(file);
  const localRequire = Object.assign(
    (id: string): unknown => (Object.hasOwn(provided, id) ? provided[id] : plainRequire(id)),
    plainRequire,
  );
  (wrapper as (...args: unknown[]) => void).call(
    module.exports,
    module.exports,
    localRequire,
    module,
    file,
    path.dirname(file),
  );
  module.loaded = true;
  return module.exports;
}

/** Only a regular file of this user is read (never through a symlink). */
function readIfPresent(file: string): Buffer | undefined {
  try {
    const stat = lstatSync(file);
    if (!stat.isFile() || stat.uid !== process.getuid?.()) return undefined;
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Writes this bundle's cache and removes the ones of older builds of it. */
function writeCache(script: vm.Script, dir: string, prefix: string, cacheFile: string): void {
  try {
    for (const name of readdirSync(dir)) {
      if (name.startsWith(prefix) && path.join(dir, name) !== cacheFile) rmSync(path.join(dir, name), { force: true });
    }
    // Written aside and renamed: another window reading it meanwhile never sees half a file.
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    // 'wx' never follows or reuses what is already at that name.
    rmSync(temporary, { force: true });
    writeFileSync(temporary, script.createCachedData(), { mode: 0o600, flag: 'wx' });
    renameSync(temporary, cacheFile);
  } catch {
    // A cache is an optimisation: a read-only or full temp dir only costs the next activation time.
  }
}
