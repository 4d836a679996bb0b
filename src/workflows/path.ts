// A scheduled test's network path over a time range, as `netmon path`, evidence and the
// localize_path and diff_path tools read it: its rounds, the round (or rounds) asked for, and
// the same diff and localization as the path panel.
import { diffPathTraces, type PathDiff } from '../analysis/path/diff';
import { localizePathTraces, type PathLocalization } from '../analysis/path/localize';
import { readPathRounds, readRoundTraces } from '../analysis/path/read-rounds';
import type { PathRound } from '../analysis/path/rounds';
import type { AgentDirectory } from '../api';
import type { Account } from './account';
import { inputError, InputError } from './input-error';
import type { AskedRange } from './time-range';

/** Rounds a localization reads at most (each is one request per agent). */
export const MAX_LOCALIZE_ROUNDS = 48;

/** Degrees, as the agents' locations are given. */
export interface LatLon {
  lat: number;
  lon: number;
}

const noTraces = (): InputError =>
  new InputError('window', (n) => `the test has no path traces in this range (widen it with ${n('window')})`);

/**
 * A round named by epoch seconds or a time (`field` says which input named it): the newest listed round at or before
 * it.
 */
export function pickRound(
  rounds: readonly PathRound[],
  spec: string | undefined,
  fallback: 'newest' | 'oldest',
  field: 'round' | 'against' = fallback === 'newest' ? 'round' : 'against',
): PathRound {
  if (rounds.length === 0) throw noTraces();
  if (spec === undefined) return (fallback === 'newest' ? rounds[0] : rounds[rounds.length - 1]) as PathRound;
  const seconds = /^\d{9,11}$/.test(spec) ? Number(spec) : Date.parse(spec) / 1000;
  if (!Number.isFinite(seconds)) throw inputError(field, `${spec} is not a round (epoch seconds) or a time (ISO 8601)`);
  const found = rounds.find((round) => round.roundId <= seconds);
  if (!found)
    throw new Error(
      `no round at or before ${spec} in this range (the oldest is ` +
        `${new Date((rounds.at(-1) as PathRound).roundId * 1000).toISOString()})`,
    );
  return found;
}

interface PathReads {
  rounds: PathRound[];
  /** Agent names by id. */
  names: Record<string, string>;
  directory: AgentDirectory;
  /** The test's name, as the API gives it (outside text). */
  testName: string | undefined;
}

async function readPath(account: Account, testId: number, range: AskedRange, signal?: AbortSignal): Promise<PathReads> {
  const { client } = account;
  const [rounds, directory, test] = await Promise.all([
    readPathRounds(client, testId, range.request, signal),
    client.agentDirectory().ready(signal),
    client.getEndpointTest(testId),
  ]);
  const testName = test.testName === undefined || test.testName === null ? undefined : String(test.testName);
  return { rounds, names: directory.names(), directory, testName };
}

export interface PathDiffRead {
  testName: string | undefined;
  names: Record<string, string>;
  before: PathRound;
  after: PathRound;
  model: PathDiff;
}

/** What changed between two rounds: `round` (the newest by default) against `against` (the oldest by default). */
export async function readPathDiff(
  account: Account,
  asked: { testId: number; round?: string; against?: string },
  range: AskedRange,
  signal?: AbortSignal,
): Promise<PathDiffRead> {
  const { rounds, names, testName } = await readPath(account, asked.testId, range, signal);
  const after = pickRound(rounds, asked.round, 'newest', 'round');
  const before = pickRound(rounds, asked.against, 'oldest', 'against');
  const { client } = account;
  const [tracesBefore, tracesAfter] = await Promise.all([
    readRoundTraces(client, asked.testId, before.agentIds, before.roundId, signal),
    readRoundTraces(client, asked.testId, after.agentIds, after.roundId, signal),
  ]);
  return { testName, names, before, after, model: diffPathTraces(tracesBefore, tracesAfter, names) };
}

export interface PathLocalizationRead {
  testName: string | undefined;
  names: Record<string, string>;
  /** The rounds localized, newest first. */
  chosen: PathRound[];
  found: PathLocalization;
}

/**
 * Where the problem is on the path: in `round`, or the newest `rounds` (default 1) localized together and per round.
 */
export async function readPathLocalization(
  account: Account,
  asked: { testId: number; round?: string; rounds?: number; targetAt?: LatLon },
  range: AskedRange,
  signal?: AbortSignal,
): Promise<PathLocalizationRead> {
  const { rounds: count } = asked;
  if (count !== undefined && (!Number.isInteger(count) || count < 1 || count > MAX_LOCALIZE_ROUNDS))
    throw new InputError('rounds', (n) => `${n('rounds')} must be 1 to ${MAX_LOCALIZE_ROUNDS}`);
  if (count !== undefined && asked.round !== undefined)
    throw new InputError('rounds', (n) => `use ${n('round')} or ${n('rounds')}, not both`);
  const { rounds, names, directory, testName } = await readPath(account, asked.testId, range, signal);
  const chosen = asked.round !== undefined ? [pickRound(rounds, asked.round, 'newest')] : rounds.slice(0, count ?? 1);
  if (chosen.length === 0) throw noTraces();
  const traces = (
    await Promise.all(
      chosen.map((round) => readRoundTraces(account.client, asked.testId, round.agentIds, round.roundId, signal)),
    )
  ).flat();
  const { targetAt } = asked;
  const found = localizePathTraces(traces, {
    agentName: (id) => names[id] ?? id,
    ...(targetAt ? { locations: { target: targetAt, agent: (id: string) => agentAt(directory.agent(id)) } } : {}),
  });
  return { testName, names, chosen, found };
}

/** An agent's location in degrees, when its record has one (v7 agents do). */
function agentAt(agent: { location?: { latitude?: number; longitude?: number } } | undefined): LatLon | undefined {
  const lat = agent?.location?.latitude;
  const lon = agent?.location?.longitude;
  return typeof lat === 'number' && typeof lon === 'number' && Number.isFinite(lat) && Number.isFinite(lon)
    ? { lat, lon }
    : undefined;
}
