// `netmon path diff --test <id>`: what changed on a scheduled test's network path between two
// rounds — hops added, removed and changed, delay and loss deltas, and each agent's route
// change — as text for a ticket or, with --json, the diff model. The same reader and the same
// diff as the path panel's "Compare with…".
import { diffPathTraces, pathDiffText } from '../analysis/path/diff';
import { readPathRounds, readRoundTraces } from '../analysis/path/read-rounds';
import type { PathRound } from '../analysis/path/rounds';
import { terminalSafe } from '../analysis/text/untrusted';
import { ACCOUNT_USAGE, openAccount, takeAccountFlags, UsageError, type Account } from './account';
import type { CliIo } from './deploy-run';
import { processIo, reportFailure } from './io';
import { readTimeRange, TIME_RANGE_USAGE, type AskedRange } from './time-range';

export const PATH_USAGE = `usage: netmon path diff --test <id> [--round R] [--against R0] [--window 24h | --from T --to T] [--json] [account]
  What changed on the test's network path between two rounds: per agent the route change in
  words ("London laptop 2: AS1299 → AS3356 at hop 6, +18 ms"), then the hops added, removed
  or changed and their delay and loss deltas.
  --test ID        the scheduled endpoint test
  --round R        the round to look at: epoch seconds or a time (ISO 8601); the newest round in range by default
  --against R0     the baseline round; the oldest round in range by default
${TIME_RANGE_USAGE}
  --json           the diff model as JSON on stdout
${ACCOUNT_USAGE}
  Exit code: 0 no agent changed route, 1 some did, 2 could not run.`;

export async function runPath(args: readonly string[], io: CliIo = processIo()): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '--help' || sub === '-h' || rest.includes('--help') || rest.includes('-h')) { io.stdout(PATH_USAGE); return sub === undefined ? 2 : 0; }
  if (sub !== 'diff') return reportFailure('path', new UsageError(`unknown subcommand ${sub}`), PATH_USAGE, io);
  let account: Account | undefined;
  try {
    const { flags, rest: options } = takeAccountFlags(rest);
    const { range, rest: words } = readTimeRange(options, Date.now());
    const parsed = readPathOptions(words);
    account = await openAccount(flags, io.env);
    return await diff(account, parsed, range, io);
  } catch (error) {
    return reportFailure('path diff', error, PATH_USAGE, io);
  } finally {
    await account?.close();
  }
}

interface PathOptions { testId: number; round?: string; against?: string; json: boolean }

function readPathOptions(words: readonly string[]): PathOptions {
  const values: Record<string, string> = {};
  let json = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (word === '--json') { json = true; continue; }
    if (word !== '--test' && word !== '--round' && word !== '--against') throw new UsageError(word.startsWith('-') ? `unknown option ${word}` : `unexpected argument ${word}`);
    const value = words[++i];
    if (value === undefined) throw new UsageError(`${word} needs a value`);
    values[word] = value;
  }
  const test = values['--test'];
  if (test === undefined || !/^\d+$/.test(test)) throw new UsageError('--test needs the id of a scheduled endpoint test');
  return { testId: Number(test), json, ...(values['--round'] ? { round: values['--round'] } : {}), ...(values['--against'] ? { against: values['--against'] } : {}) };
}

/** A round named by epoch seconds or a time: the newest listed round at or before it. */
export function pickRound(rounds: readonly PathRound[], spec: string | undefined, fallback: 'newest' | 'oldest'): PathRound {
  if (rounds.length === 0) throw new Error('the test has no path traces in this range (widen it with --window)');
  if (spec === undefined) return (fallback === 'newest' ? rounds[0] : rounds[rounds.length - 1]) as PathRound;
  const seconds = /^\d{9,11}$/.test(spec) ? Number(spec) : Date.parse(spec) / 1000;
  if (!Number.isFinite(seconds)) throw new UsageError(`${spec} is not a round (epoch seconds) or a time (ISO 8601)`);
  const found = rounds.find((round) => round.roundId <= seconds);
  if (!found) throw new Error(`no round at or before ${spec} in this range (the oldest is ${new Date((rounds.at(-1) as PathRound).roundId * 1000).toISOString()})`);
  return found;
}

async function diff(account: Account, options: PathOptions, range: AskedRange, io: CliIo): Promise<number> {
  const { client } = account;
  const [rounds, directory, test] = await Promise.all([
    readPathRounds(client, options.testId, range.request), client.agentDirectory().ready(), client.getEndpointTest(options.testId),
  ]);
  const after = pickRound(rounds, options.round, 'newest');
  const before = pickRound(rounds, options.against, 'oldest');
  const [tracesBefore, tracesAfter] = await Promise.all([
    readRoundTraces(client, options.testId, before.agentIds, before.roundId), readRoundTraces(client, options.testId, after.agentIds, after.roundId),
  ]);
  const model = diffPathTraces(tracesBefore, tracesAfter, directory.names());
  const utc = (roundId: number): string => `${new Date(roundId * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const name = test.endpointTest[0]?.testName ?? `test ${options.testId}`;
  const title = `${name}: round ${utc(after.roundId)} against ${utc(before.roundId)}`;
  if (options.json) {
    io.stdout(JSON.stringify({ testId: options.testId, roundId: after.roundId, baselineRoundId: before.roundId, summary: model.summary, agents: model.agents, nodes: model.nodes, links: model.links }, null, 2));
  } else {
    io.stdout(terminalSafe(pathDiffText(model, title)));
  }
  return model.agents.some((agent) => agent.kind === 'changed') ? 1 : 0;
}
