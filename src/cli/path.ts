// `netmon path diff --test <id>`: what changed on a scheduled test's network path between two
// rounds — hops added, removed and changed, delay and loss deltas, and each agent's route
// change — as text for a ticket or, with --json, the diff model. The same reader and the same
// diff as the path panel's "Compare with…" (src/workflows/path.ts).
import { pathDiffText } from '../analysis/path/diff';
import { roundMinute } from '../analysis/text/utc';
import { terminalSafe } from '../analysis/text/untrusted';
import { readPathDiff, readPathLocalization, type LatLon } from '../workflows/path';
import type { AskedRange } from '../workflows/time-range';
import { ACCOUNT_USAGE, openAccount, takeAccountFlags, UsageError, type Account } from './account';
import { processIo, reportFailure, type CliIo } from './io';
import { readTimeRange, TIME_RANGE_USAGE } from './time-range';
import { ciJson } from './ci-safe';

export const PATH_USAGE =
  `usage: netmon path diff --test <id> [--round R] [--against R0] ` +
  `[--window 24h | --from T --to T] [--json] [account]
       netmon path localize --test <id> [--round R | --rounds N] [--target-at LAT,LON] ` +
  `[--window 24h | --from T --to T] [--json] [account]
  diff: what changed on the test's network path between two rounds: per agent the route
  change in words ("London laptop 2: AS1299 → AS3356 at hop 6, +18 ms"), then the hops added,
  removed or changed and their delay and loss deltas. Exit 1 when an agent changed route.
  localize: where the problem is: the hop where loss starts and persists (forwarding) or loss
  only at the target (terminal), ICMP rate-limited hops (not faults), the link where delay
  jumps, and the agents grouped by verdict. Exit 1 when a loss finding is confident (2 or more lost traversals, ` +
  `routing loops aside).
  --test ID        the scheduled endpoint test
  --round R        the round to look at: epoch seconds or a time (ISO 8601); the newest round in range by default
  --against R0     diff: the baseline round; the oldest round in range by default
  --rounds N       localize: the newest N rounds in range (1 to 48; default 1), localized together and per round
  --target-at LAT,LON  localize: where the target is (degrees); with the agents' locations, delay jumps are read ` +
  `against what distance explains
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
  targetAt?: LatLon;
  json: boolean;
}

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
  // Not a whole number is out of range too: the use case says the range (src/workflows/path.ts).
  const rounds = values['--rounds'];
  const targetAt = values['--target-at'] === undefined ? undefined : readLatLon(values['--target-at']);
  return {
    testId: Number(test),
    json,
    ...(values['--round'] ? { round: values['--round'] } : {}),
    ...(values['--against'] ? { against: values['--against'] } : {}),
    ...(rounds !== undefined ? { rounds: /^\d+$/.test(rounds) ? Number(rounds) : Number.NaN } : {}),
    ...(targetAt ? { targetAt } : {}),
  };
}

/** "51.5,-0.13" → degrees, within range, or a usage error. */
function readLatLon(text: string): LatLon {
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

async function diff(account: Account, options: PathOptions, range: AskedRange, io: CliIo): Promise<number> {
  const { testName, before, after, model } = await readPathDiff(account, options, range);
  const name = testName ?? `test ${options.testId}`;
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
  const { testName, chosen, found } = await readPathLocalization(account, options, range);
  if (options.json) {
    io.stdout(ciJson({ testId: options.testId, ...found }));
  } else {
    const name = testName ?? `test ${options.testId}`;
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
