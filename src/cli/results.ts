// `netmon results <test name | id>`: a deployed enterprise test's results — each agent's
// latest health per result kind and, for network tests, where the path loses or delays
// packets; for BGP tests each monitor's AS path in the newest round and what changed; for API
// tests the steps of the newest round of its worst agents — as text for a ticket or, with
// --json, the summary model. The same reader and analyses as the
// explorer's Deployed Tests and Show Results (src/analysis/results).
import { readResultsSummary } from '../analysis/results/read';
import { resultsText } from '../analysis/results/text';
import { terminalSafe } from '../analysis/text/untrusted';
import { RESULTS_NEED_V7 } from '../api/types';
import { findTest } from '../workflows/find-test';
import { ACCOUNT_USAGE, openAccount, takeAccountFlags, UsageError, type Account } from './account';
import { ciJson } from './ci-safe';
import { processIo, reportFailure, type CliIo } from './io';
import { readTimeRange, TIME_RANGE_USAGE } from './time-range';

export const RESULTS_USAGE =
  `usage: netmon results <test name | test id> [--window 24h | --from T --to T] ` +
  `[--json] [account]
  A deployed enterprise test's results (API v7): for each result kind of its type (network,
  path-vis, http-server, page-load, web-transactions, dns-server, dns-trace, dnssec, api,
  ftp-server, sip-server, rtp-server, bgp) each agent's latest round as ok, degraded or
  failing and why; for network tests and the network layer of HTTP, page, transaction, FTP,
  SIP and DNS server tests (while networkMeasurements is on), the path localization of the
  newest rounds (where loss starts, the link where delay appears); for
  BGP tests, each monitor's AS path to the prefix in the newest round, whether it reaches
  it, and the routes that changed since the round before; for API tests, the steps of the
  newest round of its worst agents, the failing or slowest step named. A range holding more
  results than are read is read from its newest end.
${TIME_RANGE_USAGE}
  --json           the summary model as JSON on stdout
${ACCOUNT_USAGE}
  Exit code: 0 no agent failing, 1 an agent's latest round is failing, 2 could not run
  (usage, unknown test, an API v6 account, connection).`;

export async function runResults(args: readonly string[], io: CliIo = processIo()): Promise<number> {
  if (args.length === 0 || args.includes('--help') || args.includes('-h')) {
    io.stdout(RESULTS_USAGE);
    return args.length === 0 ? 2 : 0;
  }
  let account: Account | undefined;
  try {
    const { flags, rest } = takeAccountFlags(args);
    const json = rest.includes('--json');
    const { range, rest: words } = readTimeRange(
      rest.filter((word) => word !== '--json'),
      Date.now(),
    );
    if (range.note) io.stderr(`netmon results: ${range.note}`);
    const unknown = words.find((word) => word.startsWith('-'));
    if (unknown) throw new UsageError(`unknown option ${unknown}`);
    if (words.length !== 1) throw new UsageError('name one deployed test (its name or id)');
    account = await openAccount(flags, io.env);
    if ((await account.client.apiVersion()) === 'v6') throw new Error(RESULTS_NEED_V7);
    const test = findTest(await account.client.listEnterpriseTests(), words[0] as string);
    const summary = await readResultsSummary(account.client, test, range.request);
    io.stdout(json ? ciJson(summary) : terminalSafe(resultsText(summary)));
    return summary.kinds.some((kind) => kind.health === 'failing') ? 1 : 0;
  } catch (error) {
    return reportFailure('results', error, RESULTS_USAGE, io);
  } finally {
    await account?.close();
  }
}
