// Reading a tool's arguments after its schema has checked them, and the pieces of schema
// several tools share (the time range, a session id, a test id).
import { realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { inspectFileSet, SafeWriteError } from '../files/safe-write';
import { askedRange, type AskedRange } from '../workflows/time-range';
import { outside } from './fence';
import { ToolInputError, type ToolContext } from './types';

export const RANGE_PROPERTIES = {
  window: {
    type: 'string',
    pattern: '^[0-9]{1,4}[mhdw]$',
    description: 'The last D: 30m, 6h, 24h (default), 7d; at most 7 days.',
  },
  from: {
    type: 'string',
    maxLength: 40,
    description: 'Start of an absolute range instead of window: ISO 8601 with an offset (2026-11-23T08:00Z).',
  },
  to: { type: 'string', maxLength: 40, description: 'End of the absolute range (default now).' },
} as const;

/**
 * Ids have one type across all tools: an answer gives a test id or a round as a number and a session
 * id as text, and a client passes each on exactly as it got it; so every input that is an id takes
 * a number or a string (the schema of a string id still bounds its characters).
 */
export const ID_TYPES = ['string', 'integer'] as const;

export const SESSION_ID = {
  type: ID_TYPES,
  minLength: 1,
  maxLength: 100,
  pattern: '^[A-Za-z0-9._:-]+$',
  minimum: 0,
  description: 'A userSessionId, as find_worst_sessions or agent_timeline give it.',
} as const;
export const TEST_ID = {
  type: ID_TYPES,
  pattern: '^[0-9]{1,12}$',
  minimum: 1,
  maximum: 999_999_999_999,
  description: "The id of a scheduled endpoint test (explain_session names the tests toward a session's site).",
} as const;
/** A round: epoch seconds as a number or text, or an ISO 8601 time. */
export const ROUND = {
  type: ID_TYPES,
  maxLength: 40,
  pattern: '^[0-9A-Za-z:.+-]+$',
  minimum: 0,
  description:
    'A round: epoch seconds (as explain_session gives it) or an ISO 8601 time; the newest round in range by default.',
} as const;

export function text(args: Record<string, unknown>, key: string): string | undefined {
  const value = args[key];
  return typeof value === 'string' ? value : undefined;
}

export function integer(args: Record<string, unknown>, key: string): number | undefined {
  const value = args[key];
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

/** An id as text, whichever type the caller gave it (ID_TYPES). */
export function idString(args: Record<string, unknown>, key: string): string | undefined {
  const value = args[key];
  if (typeof value === 'string') return value;
  return typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : undefined;
}

/** A numeric id (a test id), whichever type the caller gave it: its digits read as a number. */
export function idNumber(args: Record<string, unknown>, key: string): number | undefined {
  const value = args[key];
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  return typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

/** The range the arguments ask for, checked as the CLI's flags are (src/workflows/time-range.ts). */
export function rangeOf(args: Record<string, unknown>, ctx: ToolContext): AskedRange {
  const fields: { window?: string; from?: string; to?: string } = {};
  for (const key of ['window', 'from', 'to'] as const) {
    const value = text(args, key);
    if (value !== undefined) fields[key] = value;
  }
  return askedRange(fields, ctx.now());
}

/**
 * A use case's field as a tool's argument is named, for the sentences of its input errors
 * (src/workflows/input-error.ts): most fields are the argument of the same name.
 */
const ARGUMENTS: Record<string, string> = { test: 'testId' };

export function argumentOf(field: string): string {
  return ARGUMENTS[field] ?? field;
}

/**
 * A file named by a tool's caller, inside the workspace folder only (after following links):
 * an agent reads the workspace it was pointed at, not the rest of the disk.
 */
export function workspaceFile(ctx: ToolContext, path: string): string {
  const root = realpathSync(ctx.cwd);
  const wanted = resolve(root, path);
  let real: string;
  try {
    real = realpathSync(wanted);
  } catch {
    throw new ToolInputError('the file quoted below does not exist in the workspace', [path]);
  }
  const inside = relative(root, real);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside))
    throw new ToolInputError('the file quoted below is outside the workspace folder; name a file inside it', [path]);
  if (!statSync(real).isFile()) throw new ToolInputError('the path quoted below is not a file', [path]);
  return real;
}

/**
 * Where a new file would go: inside the workspace folder, and there for real. The text of the
 * path is not enough: a repository can commit `out -> ../outside`, so the safe writer's checks
 * run here too (every folder from the workspace folder down a real one, no file or link at the
 * name), to refuse with a sentence before any work; the writer checks again when it writes.
 */
export function workspaceTarget(ctx: ToolContext, path: string): string {
  const root = realpathSync(ctx.cwd);
  const target = resolve(root, path);
  const inside = relative(root, target);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside))
    throw new ToolInputError(`${outside(path, 200)} is outside the workspace folder; name a file inside it`);
  try {
    const { collisions } = inspectFileSet({
      folder: dirname(target),
      main: { name: basename(target), content: '' },
      root,
    });
    if (collisions.length > 0) throw new SafeWriteError(`${path} already exists`, 'exists', [path]);
  } catch (error) {
    throw error instanceof SafeWriteError ? new ToolInputError(writeRefusal(path, error)) : error;
  }
  return target;
}

/** The safe writer's refusal as a sentence for a model: what is wrong with the name, and what to name instead. */
export function writeRefusal(path: string, error: SafeWriteError): string {
  const name = outside(path, 200);
  if (error.problem === 'linked-folder')
    return (
      `${name} goes through ${outside(error.paths[0] ?? '', 200)}, a symbolic link in the workspace: a file is ` +
      `never written through one (it can point anywhere on the disk); name a file in a real folder of the ` +
      `workspace`
    );
  if (error.problem === 'link')
    return `${name} is a symbolic link: a file is never written through one; name a new file`;
  if (error.problem === 'exists') return `${name} already exists, and a file is never replaced; name a new file`;
  if (error.problem === 'outside') return `${name} is outside the workspace folder; name a file inside it`;
  return `cannot write ${name}: ${outside(error.message, 300)}`;
}

export function workspaceName(ctx: ToolContext, file: string): string {
  return relative(realpathSync(ctx.cwd), file).split(sep).join('/');
}
