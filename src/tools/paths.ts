// A scheduled test's network path: where the problem is (localize_path) and what changed
// between two rounds (diff_path). The same reads, round picking and analyses as
// `netmon path localize|diff` and the path panel (src/workflows/path.ts).
import { roundMinute } from '../analysis/text/utc';
import { MAX_LOCALIZE_ROUNDS, readPathDiff, readPathLocalization } from '../workflows/path';
import { idNumber, idString, integer, RANGE_PROPERTIES, rangeOf, ROUND, TEST_ID } from './args';
import { capList, omittedNote } from './bound';
import { fenced, outside } from './fence';
import type { ToolDefinition } from './types';

const testNameOf = (testId: number, name: string | undefined): string => outside(name ?? `test ${testId}`, 200);

export const localizePath: ToolDefinition = {
  name: 'localize_path',
  title: "Localize loss and delay on a test's path",
  description:
    "Where on a scheduled endpoint test's network path the problem is, in one round or the newest N rounds: the hop " +
    'where loss starts and persists (forwarding) or loss only at the target (terminal), ICMP rate-limited hops ' +
    '(not faults), the link where delay jumps, and the agents grouped by verdict.',
  inputSchema: {
    type: 'object',
    properties: {
      testId: TEST_ID,
      round: ROUND,
      rounds: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_LOCALIZE_ROUNDS,
        description: 'The newest N rounds in range instead of one round (default 1).',
      },
      ...RANGE_PROPERTIES,
    },
    required: ['testId'],
    additionalProperties: false,
  },
  writes: false,
  async run(args, ctx) {
    const testId = idNumber(args, 'testId') as number;
    const round = idString(args, 'round');
    const rounds = integer(args, 'rounds');
    const asked = { testId, ...(round === undefined ? {} : { round }), ...(rounds === undefined ? {} : { rounds }) };
    const read = await readPathLocalization(ctx.account, asked, rangeOf(args, ctx), ctx.signal);
    const { chosen, found, names } = read;
    const testName = testNameOf(testId, read.testName);
    const when =
      chosen.length === 1
        ? `round ${roundMinute(chosen[0]!.roundId)} (${chosen[0]!.roundId})`
        : `${chosen.length} rounds, ${roundMinute(chosen.at(-1)!.roundId)} to ${roundMinute(chosen[0]!.roundId)}`;
    const lines = capList(found.lines, 20);
    const agentNames = (ids: readonly string[]): string[] =>
      ids.slice(0, 10).map((id) => outside(names[id] ?? id, 100));
    return {
      text: [
        `Test ${testId}, ${when}: ${found.loss.length} loss finding${found.loss.length === 1 ? '' : 's'}` +
          `${found.confident ? ' (confident)' : ''}, ${found.delay.length} delay finding` +
          `${found.delay.length === 1 ? '' : 's'}, ${found.rateLimited.length} rate-limited hop` +
          `${found.rateLimited.length === 1 ? '' : 's'}, ${found.agents.length} agents, ${found.reachedTarget} ` +
          `of ${found.traversals} traversals reached the target.`,
        fenced('the localization: hop names, networks and agent names come from the API', [
          `test ${testName}`,
          `agents: ${agentNames(found.agents).join(', ')}` +
            `${found.agents.length > 10 ? ` and ${found.agents.length - 10} more` : ''}`,
          found.headline,
          ...lines.items.filter((l) => l !== found.headline),
          ...omittedNote(lines.omitted, 'lines'),
          ...(found.perRound.length > 1
            ? found.perRound.slice(0, 12).map((r) => `${roundMinute(r.roundId)}: ${r.headline}`)
            : []),
        ]),
      ].join('\n'),
      data: {
        testId,
        test: testName,
        rounds: chosen.map((r) => r.roundId),
        confident: found.confident,
        healthy: found.healthy,
        headline: outside(found.headline, 400),
        loss: found.loss.slice(0, 10).map((f) => ({
          kind: f.kind,
          at: outside(f.at.label),
          hopId: f.at.id,
          agents: f.agents.length,
          agentNames: agentNames(f.agents),
          traversals: f.traversals,
          confident: f.confident,
          line: outside(f.line, 400),
        })),
        delay: found.delay.slice(0, 5).map((f) => ({
          from: outside(f.from.label),
          to: outside(f.to.label),
          increaseMs: f.increaseMs,
          agents: f.agents.length,
          agentNames: agentNames(f.agents),
          line: outside(f.line, 400),
        })),
        rateLimited: found.rateLimited
          .slice(0, 10)
          .map((h) => ({ hop: outside(h.hop.label), line: outside(h.line, 400) })),
        verdicts: found.verdicts.map((v) => ({
          kind: v.kind,
          agents: v.agents.length,
          agentNames: agentNames(v.agents),
          line: outside(v.line, 400),
        })),
        routeChanges: found.routeChangeCount,
      },
      opens: [{ command: 'netmon.openPathVisualization', title: 'Netmon: Open Path Visualization', args: [testId] }],
    };
  },
};

export const diffPath: ToolDefinition = {
  name: 'diff_path',
  title: "What changed on a test's path",
  description:
    "What changed on a scheduled endpoint test's network path between two rounds: per agent the route change in " +
    'words, the hops added, removed or changed and their delay and loss deltas. Default: the newest round in ' +
    'range against the oldest.',
  inputSchema: {
    type: 'object',
    properties: {
      testId: TEST_ID,
      round: ROUND,
      against: {
        ...ROUND,
        description: 'The baseline round (epoch seconds or ISO 8601); the oldest round in range by default.',
      },
      ...RANGE_PROPERTIES,
    },
    required: ['testId'],
    additionalProperties: false,
  },
  writes: false,
  async run(args, ctx) {
    const testId = idNumber(args, 'testId') as number;
    const round = idString(args, 'round');
    const against = idString(args, 'against');
    const asked = { testId, ...(round === undefined ? {} : { round }), ...(against === undefined ? {} : { against }) };
    const read = await readPathDiff(ctx.account, asked, rangeOf(args, ctx), ctx.signal);
    const { before, after, model } = read;
    const testName = testNameOf(testId, read.testName);
    const changed = model.agents.filter((a) => a.kind !== 'same');
    const agents = capList(changed, 25);
    const hops = model.nodes.filter((n) => n.status !== 'same');
    return {
      text: [
        `Test ${testId}: round ${roundMinute(after.roundId)} (${after.roundId}) against ` +
          `${roundMinute(before.roundId)} (${before.roundId}): ` +
          `${changed.filter((a) => a.kind === 'changed').length} of ${model.agents.length} agents changed route; ` +
          `${hops.length} hops differ.`,
        fenced('the diff: hop names, networks and agent names come from the API', [
          `test ${testName}`,
          model.summary,
          ...agents.items.map((a) => a.line),
          ...omittedNote(agents.omitted, 'agents'),
        ]),
      ].join('\n'),
      data: {
        testId,
        test: testName,
        roundId: after.roundId,
        baselineRoundId: before.roundId,
        summary: outside(model.summary, 400),
        agents: agents.items.map((a) => ({
          agentId: a.agentId,
          name: outside(a.name, 100),
          kind: a.kind,
          ...(a.hop !== undefined ? { hop: a.hop } : {}),
          ...(a.endDeltaMs !== undefined ? { endDeltaMs: a.endDeltaMs } : {}),
          line: outside(a.line, 400),
        })),
        agentsLeftOut: agents.omitted,
        hops: hops.slice(0, 40).map((n) => ({
          id: outside(n.id, 100),
          status: n.status,
          changes: n.changes.map((c) => outside(c, 200)),
          ...(n.delayDeltaMs !== undefined ? { delayDeltaMs: n.delayDeltaMs } : {}),
          ...(n.lossDeltaPct !== undefined ? { lossDeltaPct: n.lossDeltaPct } : {}),
        })),
        hopsLeftOut: Math.max(0, hops.length - 40),
      },
      opens: [{ command: 'netmon.comparePathRounds', title: 'Netmon: Compare Path Rounds', args: [testId] }],
    };
  },
};
