// The documents of `netmon evidence`: what each subcommand reads (through the account, or
// from files for har-diff) and hands to the builders of src/analysis/evidence.
import { pickAccountGroup } from '../api';
import {
  harDiffEvidence,
  pathEvidence,
  sessionEvidence,
  timelineEvidence,
  type EvidenceDocument,
  type EvidenceRange,
} from '../analysis/evidence';
import { readSessionPages } from '../analysis/evidence/read-pages';
import { readPathRounds, readRoundTraces } from '../analysis/path/read-rounds';
import { sessionNeighbourContext } from '../analysis/timeline';
import { untrustedLine } from '../analysis/text/untrusted';
import type { Account } from '../workflows/account';
import { readAgentTimeline } from '../workflows/agent-timeline';
import { readHarFile } from '../workflows/har-file';
import { pickRound } from '../workflows/path';
import type { AskedRange } from '../workflows/time-range';
import { basename } from 'node:path';

export interface EvidenceOptions {
  /** session: the userSessionId; timeline: the agent's name or id. */
  subject: string | undefined;
  /** har-diff: the two files, before and after. */
  files?: [string, string];
  /** har-diff: the page of each file (id, number or *). */
  pages?: [string, string];
  testId?: number;
  round?: string;
  against?: string;
  output?: string;
  markdown?: string;
  highlight: string[];
  force: boolean;
}

/** A relative window is resolved by the service's clock, not ours: it is shown as asked, not as our estimate. */
export function evidenceRange(range: AskedRange): EvidenceRange {
  const { request } = range;
  return 'window' in request
    ? { window: request.window }
    : { fromMs: request.from.getTime(), toMs: request.to.getTime() };
}

/** "Acme Corp (1234)": the group the records were read from. */
async function accountGroupLabel(account: Account): Promise<string> {
  const groups = await account.client.listAccountGroups().then(
    (r) => r.accountGroups,
    () => [],
  );
  const group =
    groups.find((g) => String(g.aid) === account.aidKey) ??
    (account.requestAid === undefined ? pickAccountGroup(groups) : undefined);
  return group ? `${untrustedLine(group.accountGroupName, 120)} (${group.aid})` : account.aidKey;
}

async function agentNames(account: Account): Promise<Record<string, string>> {
  return account.client
    .agentDirectory()
    .ready()
    .then(
      (directory) => directory.names(),
      () => ({}),
    );
}

export async function sessionDocument(
  account: Account,
  options: EvidenceOptions,
  range: AskedRange,
): Promise<EvidenceDocument> {
  const { client } = account;
  const id = options.subject as string;
  const [session, names, accountGroup] = await Promise.all([
    client.getUserSession(id),
    agentNames(account),
    accountGroupLabel(account),
  ]);
  const [{ pages, failed }, context] = await Promise.all([
    readSessionPages(client, session),
    sessionNeighbourContext(account.client, session),
  ]);
  const agentName = names[String(session.agentId)];
  const noContext = context
    ? []
    : [
        "The agent's records around the session could not be read: the verdict has no baseline, tunnel or first " +
          'byte from them.',
      ];
  return sessionEvidence({
    session,
    pages,
    ...(agentName ? { agentName } : {}),
    ...(context ? { context } : {}),
    highlightHops: options.highlight,
    accountGroup,
    range: evidenceRange(range),
    generatedAt: new Date(),
    omissions: [...failed, ...noContext],
  });
}

export async function pathDocument(
  account: Account,
  options: EvidenceOptions,
  range: AskedRange,
): Promise<EvidenceDocument> {
  const { client } = account;
  const testId = options.testId as number;
  const [rounds, names, test, accountGroup] = await Promise.all([
    readPathRounds(client, testId, range.request),
    agentNames(account),
    client.getEndpointTest(testId),
    accountGroupLabel(account),
  ]);
  const round = pickRound(rounds, options.round, 'newest');
  const baseline = options.against === undefined ? undefined : pickRound(rounds, options.against, 'oldest');
  const [traces, baselineTraces] = await Promise.all([
    readRoundTraces(client, testId, round.agentIds, round.roundId),
    baseline ? readRoundTraces(client, testId, baseline.agentIds, baseline.roundId) : Promise.resolve(undefined),
  ]);
  const testName = test.testName;
  return pathEvidence({
    test: { id: testId, ...(testName ? { name: String(testName) } : {}) },
    traces,
    agentNames: names,
    highlightHops: options.highlight,
    ...(baselineTraces ? { baseline: { traces: baselineTraces } } : {}),
    accountGroup,
    range: evidenceRange(range),
    generatedAt: new Date(),
  });
}

export async function timelineDocument(
  account: Account,
  options: EvidenceOptions,
  range: AskedRange,
): Promise<EvidenceDocument> {
  const [{ model, gaps }, accountGroup] = await Promise.all([
    readAgentTimeline(account, options.subject as string, range),
    accountGroupLabel(account),
  ]);
  const omissions = gaps
    ? [`${gaps} of the agent's lists could not be read completely: the timeline shows what was read.`]
    : [];
  return timelineEvidence({
    timeline: model,
    accountGroup,
    range: evidenceRange(range),
    generatedAt: new Date(),
    omissions,
  });
}

/** Two files: read whole (gzip too), redacted by the builder before anything reads them. */
export function harDiffDocument(options: EvidenceOptions): EvidenceDocument {
  const [beforeFile, afterFile] = options.files as [string, string];
  const pages = options.pages;
  return harDiffEvidence({
    before: { name: basename(beforeFile), har: readHarFile(beforeFile) },
    after: { name: basename(afterFile), har: readHarFile(afterFile) },
    ...(pages ? { diffOptions: { beforePage: pages[0], afterPage: pages[1] } } : {}),
    generatedAt: new Date(),
  });
}
