// `netmon path diff --test <id>`: what changed on a scheduled test's network path between two
// rounds — hops added, removed and changed, delay and loss deltas, and each agent's route
// change — as text for a ticket or, with --json, the diff model. The same reader and the same
// diff as the path panel's "Compare with…".
import { diffPathTraces, pathDiffText } from '../analysis/path/diff';
import { localizePathTraces } from '../analysis/path/localize';
import { readPathRounds, readRoundTraces } from '../analysis/path/read-rounds';
import type { PathRound } from '../analysis/path/rounds';
import { roundMinute } from '../analysis/text/utc';
import { terminalSafe } from '../analysis/text/untrusted';
import { ACCOUNT_USAGE, openAccount, takeAccountFlags, UsageError, type Account } from './account';
import type { CliIo } from './deploy-run';
import { processIo, reportFailure } from './io';
import { readTimeRange, TIME_RANGE_USAGE, type AskedRange } from './time-range';
import { ciJson } from './ci-safe';

export const PATH_USAGE = `usage: netmon path diff --test <id> [--round R] [--against R0] [--window 24h | --from T --to T] [--json] [account]
       netmon path localize --test <id> [--round R | --rounds N] [--target-at LAT,LON] [--window 24h | --from T --to T] [--json] [account]
  diff: what changed on the test's network path between two rounds: per agent the route
  change in words ("London laptop 2: AS1299 → AS3356 at hop 6, +18 ms"), then the hops added,
  removed or changed and their delay and loss deltas. Exit 1 when an agent changed route.
  localize: where the problem is: the hop where loss starts and persists (forwarding) or loss
  only at the target (terminal), ICMP rate-limited hops (not faults), the link where delay
  jumps, and the agents grouped by verdict. Exit 1 when a loss finding is confident (2 or more lost traversals, routing loops aside).
  --test ID        the scheduled endpoint test
  --round R        the round to look at: epoch seconds or a time (ISO 8601); the newest round in range by default
  --against R0     diff: the baseline round; the oldest round in range by default
  --rounds N       localize: the newest N rounds in range (1 to 48; default 1), localized together and per round
  --target-at LAT,LON  localize: where the target is (degrees); with the agents' locations, delay jumps are read against what distance explains
${TIME_RANGE_USAGE}
  --json           the diff model as JSON on stdout
${ACCOUNT_USAGE}
  Exit code: 2 could not run (usage, unknown test, connection).`;

export async function runPath(args: readonly string[], io: CliIo = processIo()): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '--help' || sub === '-h' || rest.includes('--help') || rest.includes('-h')) {
    io.stdout(PATH_USAGE);
    return sub === undefined ? 2 : 0;
  }
  if (sub !== 'diff' && sub !== 'localize')
    return reportFailure('path', new UsageError(`unknown subcommand ${sub}`), PATH_USAGE, io);
  let account: Account | undefined;
  try {
    const { flags, rest: options } = takeAccountFlags(rest);
    const { range, rest: words } = readTimeRange(options, Date.now());
    if (range.note) io.stderr(`netmon path: ${range.note}`);
    const parsed = readPathOptions(words);
    if (sub === 'diff' && parsed.rounds !== undefined) throw new UsageError('--rounds is for localize');
    if (sub === 'diff' && parsed.targetAt !== undefined) throw new UsageError('--target-at is for localize');
    if (sub === 'localize' && parsed.against !== undefined) throw new UsageError('--against is for diff');
    account = await openAccount(flags, io.env);
    return sub === 'diff' ? await diff(account, parsed, range, io) : await localize(account, parsed, range, io);
  } catch (error) {
    return reportFailure(`path ${sub}`, error, PATH_USAGE, io);
  } finally {
    await account?.close();
  }
}

interface PathOptions {
  testId: number;
  round?: string;
  against?: string;
  rounds?: number;
  targetAt?: { lat: number; lon: number };
  json: boolean;
}

/** Rounds `localize` reads at most (each is one request per agent). */
const MAX_LOCALIZE_ROUNDS = 48;

function readPathOptions(words: readonly string[]): PathOptions {
  const values: Record<string, string> = {};
  let json = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (word === '--json') {
      json = true;
      continue;
    }
    if (
      word !== '--test' &&
      word !== '--round' &&
      word !== '--against' &&
      word !== '--rounds' &&
      word !== '--target-at'
    )
      throw new UsageError(word.startsWith('-') ? `unknown option ${word}` : `unexpected argument ${word}`);
    const value = words[++i];
    if (value === undefined) throw new UsageError(`${word} needs a value`);
    values[word] = value;
  }
  const test = values['--test'];
  if (test === undefined || !/^\d+$/.test(test))
    throw new UsageError('--test needs the id of a scheduled endpoint test');
  const rounds = values['--rounds'];
  if (rounds !== undefined && (!/^\d+$/.test(rounds) || Number(rounds) < 1 || Number(rounds) > MAX_LOCALIZE_ROUNDS))
    throw new UsageError(`--rounds must be 1 to ${MAX_LOCALIZE_ROUNDS}`);
  if (rounds !== undefined && values['--round'] !== undefined)
    throw new UsageError('use --round or --rounds, not both');
  const targetAt = values['--target-at'] === undefined ? undefined : readLatLon(values['--target-at']);
  return {
    testId: Number(test),
    json,
    ...(values['--round'] ? { round: values['--round'] } : {}),
    ...(values['--against'] ? { against: values['--against'] } : {}),
    ...(rounds ? { rounds: Number(rounds) } : {}),
    ...(targetAt ? { targetAt } : {}),
  };
}

/** "51.5,-0.13" → degrees, within range, or a usage error. */
function readLatLon(text: string): { lat: number; lon: number } {
  const parts = text.split(',');
  const [lat, lon] = parts.map((p) => (p.trim() === '' ? Number.NaN : Number(p.trim())));
  if (
    parts.length !== 2 ||
    !Number.isFinite(lat) ||
    !Number.isFinite(lon) ||
    Math.abs(lat!) > 90 ||
    Math.abs(lon!) > 180
  ) {
    throw new UsageError('--target-at needs LAT,LON in degrees, e.g. 40.71,-74.01');
  }
  return { lat: lat!, lon: lon! };
}

/** A round named by epoch seconds or a time: the newest listed round at or before it. */
export function pickRound(
  rounds: readonly PathRound[],
  spec: string | undefined,
  fallback: 'newest' | 'oldest',
): PathRound {
  if (rounds.length === 0) throw new Error('the test has no path traces in this range (widen it with --window)');
  if (spec === undefined) return (fallback === 'newest' ? rounds[0] : rounds[rounds.length - 1]) as PathRound;
  const seconds = /^\d{9,11}$/.test(spec) ? Number(spec) : Date.parse(spec) / 1000;
  if (!Number.isFinite(seconds)) throw new UsageError(`${spec} is not a round (epoch seconds) or a time (ISO 8601)`);
  const found = rounds.find((round) => round.roundId <= seconds);
  if (!found)
    throw new Error(
      `no round at or before ${spec} in this range (the oldest is ${new Date((rounds.at(-1) as PathRound).roundId * 1000).toISOString()})`,
    );
  return found;
}

async function diff(account: Account, options: PathOptions, range: AskedRange, io: CliIo): Promise<number> {
  const { client } = account;
  const [rounds, directory, test] = await Promise.all([
    readPathRounds(client, options.testId, range.request),
    client.agentDirectory().ready(),
    client.getEndpointTest(options.testId),
  ]);
  const after = pickRound(rounds, options.round, 'newest');
  const before = pickRound(rounds, options.against, 'oldest');
  const [tracesBefore, tracesAfter] = await Promise.all([
    readRoundTraces(client, options.testId, before.agentIds, before.roundId),
    readRoundTraces(client, options.testId, after.agentIds, after.roundId),
  ]);
  const model = diffPathTraces(tracesBefore, tracesAfter, directory.names());
  const name = test.testName ?? `test ${options.testId}`;
  const title = `${name}: round ${roundMinute(after.roundId)} against ${roundMinute(before.roundId)}`;
  if (options.json) {
    io.stdout(
      ciJson({
        testId: options.testId,
        roundId: after.roundId,
        baselineRoundId: before.roundId,
        summary: model.summary,
        agents: model.agents,
        nodes: model.nodes,
        links: model.links,
      }),
    );
  } else {
    io.stdout(terminalSafe(pathDiffText(model, title)));
  }
  return model.agents.some((agent) => agent.kind === 'changed') ? 1 : 0;
}

async function localize(account: Account, options: PathOptions, range: AskedRange, io: CliIo): Promise<number> {
  const { client } = account;
  const [rounds, directory, test] = await Promise.all([
    readPathRounds(client, options.testId, range.request),
    client.agentDirectory().ready(),
    client.getEndpointTest(options.testId),
  ]);
  const chosen =
    options.round !== undefined ? [pickRound(rounds, options.round, 'newest')] : rounds.slice(0, options.rounds ?? 1);
  if (chosen.length === 0) throw new Error('the test has no path traces in this range (widen it with --window)');
  const traces = (
    await Promise.all(chosen.map((round) => readRoundTraces(client, options.testId, round.agentIds, round.roundId)))
  ).flat();
  const names = directory.names();
  const found = localizePathTraces(traces, {
    agentName: (id) => names[id] ?? id,
    ...(options.targetAt
      ? { locations: { target: options.targetAt, agent: (id: string) => agentAt(directory.agent(id)) } }
      : {}),
  });
  if (options.json) {
    io.stdout(ciJson({ testId: options.testId, ...found }));
  } else {
    const name = test.testName ?? `test ${options.testId}`;
    const when =
      chosen.length === 1
        ? `round ${roundMinute(chosen[0]!.roundId)}`
        : `${chosen.length} rounds, ${roundMinute(chosen.at(-1)!.roundId)} to ${roundMinute(chosen[0]!.roundId)}`;
    const lines = [
      `${name}: ${when}`,
      found.headline,
      ...found.lines.filter((line) => line !== found.headline).map((line) => `  - ${line}`),
    ];
    if (found.perRound.length > 1)
      lines.push(
        '',
        'Per round:',
        ...found.perRound.map((round) => `  ${roundMinute(round.roundId)}: ${round.headline}`),
      );
    io.stdout(terminalSafe(lines.join('\n')));
  }
  return found.confident ? 1 : 0;
}

/** An agent's location in degrees, when its record has one (v7 agents do). */
function agentAt(
  agent: { location?: { latitude?: number; longitude?: number } } | undefined,
): { lat: number; lon: number } | undefined {
  const lat = agent?.location?.latitude;
  const lon = agent?.location?.longitude;
  return typeof lat === 'number' && typeof lon === 'number' && Number.isFinite(lat) && Number.isFinite(lon)
    ? { lat, lon }
    : undefined;
}
