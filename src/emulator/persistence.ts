// Enterprise tests created through test management, per account group, optionally kept in
// a JSON file. Writes are atomic (temp file, fsync, rename, fsync of the folder), so a
// kill -9 at any moment leaves either the previous or the new file, never a torn one.
import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { EnterpriseTest } from '../api/types';

const FIRST_TEST_ID = 1_000_001;

interface StoreFile { version: 1; nextTestId: number; groups: Record<string, EnterpriseTest[]> }

export class TestStore {
  private writes: Promise<void> = Promise.resolve();
  private tempCounter = 0;

  private constructor(
    private readonly file: string | undefined,
    private nextTestId: number,
    private readonly groups: Map<number, Map<number, EnterpriseTest>>,
  ) {}

  static async open(file?: string): Promise<TestStore> {
    const groups = new Map<number, Map<number, EnterpriseTest>>();
    if (!file) return new TestStore(undefined, FIRST_TEST_ID, groups);
    const saved = await load(file);
    for (const [aid, tests] of Object.entries(saved?.groups ?? {})) {
      groups.set(Number(aid), new Map(tests.map((t) => [t.testId, t])));
    }
    return new TestStore(file, saved?.nextTestId ?? FIRST_TEST_ID, groups);
  }

  list(aid: number): EnterpriseTest[] { return [...(this.groups.get(aid)?.values() ?? [])]; }

  get(aid: number, testId: number): EnterpriseTest | undefined { return this.groups.get(aid)?.get(testId); }

  async create(aid: number, build: (testId: number) => EnterpriseTest): Promise<EnterpriseTest> {
    const test = build(this.nextTestId);
    this.nextTestId += 1;
    this.groupOf(aid).set(test.testId, test);
    await this.persist();
    return test;
  }

  async replace(aid: number, test: EnterpriseTest): Promise<void> {
    this.groupOf(aid).set(test.testId, test);
    await this.persist();
  }

  async remove(aid: number, testId: number): Promise<boolean> {
    const removed = this.groups.get(aid)?.delete(testId) ?? false;
    if (removed) await this.persist();
    return removed;
  }

  /** Resolves once every write issued so far is on disk. */
  flush(): Promise<void> { return this.writes; }

  private groupOf(aid: number): Map<number, EnterpriseTest> {
    let group = this.groups.get(aid);
    if (!group) { group = new Map(); this.groups.set(aid, group); }
    return group;
  }

  private persist(): Promise<void> {
    const { file } = this;
    if (!file) return Promise.resolve();
    const snapshot: StoreFile = { version: 1, nextTestId: this.nextTestId, groups: {} };
    for (const [aid, tests] of this.groups) snapshot.groups[String(aid)] = [...tests.values()];
    const text = `${JSON.stringify(snapshot, null, 2)}\n`;
    const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${(this.tempCounter += 1)}.tmp`);
    this.writes = this.writes.then(() => writeAtomically(file, temp, text));
    return this.writes;
  }
}

async function writeAtomically(file: string, temp: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const handle = await open(temp, 'w', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncFolder(dirname(file));
}

async function syncFolder(folder: string): Promise<void> {
  // Makes the rename itself durable; some platforms cannot open folders, which is fine.
  const handle = await open(folder, 'r').catch(() => undefined);
  if (!handle) return;
  try { await handle.sync(); } catch { /* not supported here */ } finally { await handle.close(); }
}

async function load(file: string): Promise<StoreFile | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  if (!isStoreFile(parsed)) throw new Error(`${file} is not an emulator data file (expected {version: 1, nextTestId, groups})`);
  return parsed;
}

function isStoreFile(value: unknown): value is StoreFile {
  if (value === null || typeof value !== 'object') return false;
  const candidate = value as Partial<StoreFile>;
  return candidate.version === 1 && typeof candidate.nextTestId === 'number'
    && candidate.groups !== null && typeof candidate.groups === 'object';
}
