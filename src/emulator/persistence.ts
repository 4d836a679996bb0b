// Enterprise tests created through test management, per account group, optionally kept in
// a JSON file. Writes are atomic (temp file, fsync, rename, fsync of the folder), so a
// kill -9 at any moment leaves either the previous or the new file, never a torn one.
import { mkdir, open, readFile, readdir, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { EnterpriseTest } from '../api/types';
import { HttpError } from './http/errors';

const FIRST_TEST_ID = 1_000_001;

interface StoreFile {
  version: 1;
  nextTestId: number;
  groups: Record<string, EnterpriseTest[]>;
  /** What other stores keep in the same file, by name (alert rules and windows: alert-config.ts). */
  sections?: Record<string, unknown>;
}

type Groups = Map<number, Map<number, EnterpriseTest>>;

/** The state a change works on: a copy, adopted only once it is safely on disk. */
interface Draft {
  nextTestId: number;
  groups: Groups;
  sections: Map<string, unknown>;
}

export class TestStore {
  /** Changes run one at a time; a failed one must not stop the ones queued after it. */
  private queue: Promise<void> = Promise.resolve();
  private tempCounter = 0;

  private constructor(
    private readonly file: string | undefined,
    private nextTestId: number,
    private groups: Groups,
    private sections: Map<string, unknown>,
  ) {}

  static async open(file?: string): Promise<TestStore> {
    const groups: Groups = new Map();
    if (!file) return new TestStore(undefined, FIRST_TEST_ID, groups, new Map());
    await removeStaleTemps(file);
    const saved = await load(file);
    for (const [aid, tests] of Object.entries(saved?.groups ?? {})) {
      groups.set(Number(aid), new Map(tests.map((t) => [t.testId, t])));
    }
    const sections = new Map(Object.entries(saved?.sections ?? {}));
    return new TestStore(file, saved?.nextTestId ?? FIRST_TEST_ID, groups, sections);
  }

  list(aid: number): EnterpriseTest[] {
    return [...(this.groups.get(aid)?.values() ?? [])];
  }

  get(aid: number, testId: number): EnterpriseTest | undefined {
    return this.groups.get(aid)?.get(testId);
  }

  create(aid: number, build: (testId: number) => EnterpriseTest): Promise<EnterpriseTest> {
    return this.change((draft) => {
      const test = build(draft.nextTestId);
      draft.nextTestId += 1;
      groupOf(draft.groups, aid).set(test.testId, test);
      return { value: test, changed: true };
    });
  }

  replace(aid: number, test: EnterpriseTest): Promise<void> {
    return this.change((draft) => {
      groupOf(draft.groups, aid).set(test.testId, test);
      return { value: undefined, changed: true };
    });
  }

  remove(aid: number, testId: number): Promise<boolean> {
    return this.change((draft) => {
      const removed = draft.groups.get(aid)?.delete(testId) ?? false;
      return { value: removed, changed: removed };
    });
  }

  /** What another store saved under `name` (undefined when nothing was). */
  section(name: string): unknown {
    return this.sections.get(name);
  }

  /** Saves another store's whole state under `name`, queued with the test changes (the file stays one snapshot). */
  saveSection(name: string, value: unknown): Promise<void> {
    return this.change((draft) => {
      draft.sections.set(name, value);
      return { value: undefined, changed: true };
    });
  }

  /** Resolves once every change issued so far has finished (saved or failed). */
  flush(): Promise<void> {
    return this.queue;
  }

  /** Applies `edit` to a copy, saves the copy, and only then makes it the live state. */
  private change<T>(edit: (draft: Draft) => { value: T; changed: boolean }): Promise<T> {
    const run = async (): Promise<T> => {
      const draft: Draft = {
        nextTestId: this.nextTestId,
        groups: copyGroups(this.groups),
        sections: new Map(this.sections),
      };
      const { value, changed } = edit(draft);
      if (changed) await this.save(draft);
      this.nextTestId = draft.nextTestId;
      this.groups = draft.groups;
      this.sections = draft.sections;
      return value;
    };
    const result = this.queue.then(run);
    this.queue = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  private async save(draft: Draft): Promise<void> {
    const { file } = this;
    if (!file) return;
    const snapshot: StoreFile = { version: 1, nextTestId: draft.nextTestId, groups: {} };
    for (const [aid, tests] of draft.groups) snapshot.groups[String(aid)] = [...tests.values()];
    if (draft.sections.size > 0) snapshot.sections = Object.fromEntries(draft.sections);
    const text = `${JSON.stringify(snapshot, null, 2)}\n`;
    const temp = join(dirname(file), tempName(file, process.pid, (this.tempCounter += 1)));
    try {
      await writeAtomically(file, temp, text);
    } catch (error) {
      // The client sees the file's name and the error code, never the server's folders.
      const code = (error as NodeJS.ErrnoException).code ?? 'write failed';
      throw new HttpError(503, `Could not save tests to ${basename(file)}: ${code}; nothing was changed, try again`);
    }
  }
}

function tempName(file: string, pid: number, counter: number): string {
  return `.${basename(file)}.${pid}.${counter}.tmp`;
}

/**
 * A process killed mid-save (kill -9, power loss) leaves its temp file behind. Those of
 * processes that are gone are removed; a live process (another emulator on the same file)
 * may still rename its own.
 */
async function removeStaleTemps(file: string): Promise<void> {
  const prefix = `.${basename(file)}.`;
  const names = await readdir(dirname(file)).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const match = /^([0-9]+)\.([0-9]+)\.tmp$/.exec(name.slice(prefix.length));
    if (!match || isRunning(Number(match[1]))) continue;
    await unlink(join(dirname(file), name)).catch(() => undefined);
  }
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function groupOf(groups: Groups, aid: number): Map<number, EnterpriseTest> {
  let group = groups.get(aid);
  if (!group) {
    group = new Map();
    groups.set(aid, group);
  }
  return group;
}

function copyGroups(groups: Groups): Groups {
  return new Map([...groups].map(([aid, tests]) => [aid, new Map(tests)]));
}

async function writeAtomically(file: string, temp: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  try {
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
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
  try {
    await handle.sync();
  } catch {
    /* not supported here */
  } finally {
    await handle.close();
  }
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
  if (!isStoreFile(parsed))
    throw new Error(`${file} is not an emulator data file (expected {version: 1, nextTestId, groups})`);
  return parsed;
}

function isStoreFile(value: unknown): value is StoreFile {
  if (value === null || typeof value !== 'object') return false;
  const candidate = value as Partial<StoreFile>;
  return (
    candidate.version === 1 &&
    typeof candidate.nextTestId === 'number' &&
    candidate.groups !== null &&
    typeof candidate.groups === 'object'
  );
}
