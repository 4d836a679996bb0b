// `netmon agent timeline <name|id>`: one endpoint agent over a time range — every record on
// one axis, what changed in its network, and the periods of poor experience with the
// segment to blame — as text for a ticket or, with --json, the whole timeline model.
// The same walk and analysis as the Agent Timeline panel.
import { timelineText } from '../analysis/timeline';
import { terminalSafe } from '../analysis/text/untrusted';
import { readAgentTimeline } from '../workflows/agent-timeline';
import type { AskedRange } from '../workflows/time-range';
import { ACCOUNT_USAGE, openAccount, takeAccountFlags, UsageError, type Account } from './account';
import { processIo, reportFailure, type CliIo } from './io';
import { readTimeRange, TIME_RANGE_USAGE } from './time-range';
import { ciJson } from './ci-safe';

export const AGENT_USAGE =
  `usage: netmon agent timeline <computer name | agent id> ` +
  `[--window 24h | --from T --to T] [--json] [account]
  One endpoint agent over time: its sessions, page loads, network sessions and topology
  probes read with a server-side agent filter, what changed in its network (roaming,
  public IP, VPN, gateway, proxy), and the periods of poor experience with the segment
  most likely responsible and its numbers.
${TIME_RANGE_USAGE}
  --json           the whole timeline model as JSON on stdout
${ACCOUNT_USAGE}
  Exit code: 0 read completely, 1 some records could not be read (the gaps are listed),
  2 could not run (usage, unknown agent, connection).`;

export async function runAgent(args: readonly string[], io: CliIo = processIo()): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '--help' || sub === '-h' || rest.includes('--help') || rest.includes('-h')) {
    io.stdout(AGENT_USAGE);
    return sub === undefined ? 2 : 0;
  }
  if (sub !== 'timeline') return reportFailure('agent', new UsageError(`unknown subcommand ${sub}`), AGENT_USAGE, io);
  let account: Account | undefined;
  try {
    const { flags, rest: options } = takeAccountFlags(rest);
    const json = options.includes('--json');
    const { range, rest: words } = readTimeRange(
      options.filter((o) => o !== '--json'),
      Date.now(),
    );
    if (range.note) io.stderr(`netmon agent timeline: ${range.note}`);
    const unknown = words.find((w) => w.startsWith('-'));
    if (unknown) throw new UsageError(`unknown option ${unknown}`);
    if (words.length !== 1) throw new UsageError('name one agent (its computer name or id)');
    account = await openAccount(flags, io.env);
    return await timeline(account, words[0] as string, range, json, io);
  } catch (error) {
    return reportFailure('agent timeline', error, AGENT_USAGE, io);
  } finally {
    await account?.close();
  }
}

async function timeline(account: Account, query: string, range: AskedRange, json: boolean, io: CliIo): Promise<number> {
  const { model, gaps } = await readAgentTimeline(account, query, range);
  io.stdout(json ? ciJson(model) : terminalSafe(timelineText(model)));
  if (gaps)
    io.stderr(
      `netmon agent timeline: ${gaps} list${gaps === 1 ? '' : 's'} could not be read completely; run it again to retry`,
    );
  return gaps ? 1 : 0;
}
