// One endpoint agent over 7 days of the `large` preset (10,000 agents, ~500 sessions a round):
// the timeline as the panel and `netmon agent timeline` read it (the four lists filtered by
// agentId on the server, then the details the verdict needs) against the naive way (GET every
// list unfiltered, keep the agent's records client-side, then the same details and analysis),
// in the same run. Also the agent quick pick: one search over 10,000 agents per keystroke.
// Noisy: the machine is shared; times are wall-clock.
import { AgentSearch } from '../src/analysis/agents/search';
import { agentTimeline, TimelineLanesBuilder, type AgentTimeline } from '../src/analysis/timeline';
import { detailsWanted, TIMELINE_LISTS, TimelineWalk } from '../src/analysis/timeline/walk';
import { createNetmonClient, type NetmonClient } from '../src/api';
import { DEMO_CREDENTIALS, startEmulator } from '../src/emulator';
import { forEachAtMost } from '../src/analysis/pool';

const AID = 1001;
const WINDOW = '7d';

interface Counted {
  client: NetmonClient;
  requests: () => number;
}

/** The baseline reads every session of 10,000 agents for 7 days: more pages than one walk of the product may read. */
const BASELINE_PAGING = { maxPages: 1_000_000 };

function countingClient(url: string, paging?: { maxPages: number }): Counted {
  let requests = 0;
  const client = createNetmonClient({
    apiVersion: 'v6',
    ...(paging ? { paging } : {}),
    baseUrl: url,
    credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
    aid: String(AID),
    onRequest: (event) => {
      if (event.final) requests++;
    },
  });
  return { client, requests: () => requests };
}

async function ours(
  url: string,
  agentId: string,
): Promise<{ first: number; full: number; requests: number; timeline: AgentTimeline }> {
  const { client, requests } = countingClient(url);
  const started = performance.now();
  let first = 0;
  const now = Date.now();
  const walk: TimelineWalk = new TimelineWalk(
    client,
    agentId,
    { window: WINDOW },
    { fromMs: now - 7 * 86_400_000, toMs: now },
    new Map(),
    {
      onUpdate: () => {
        if (first > 0 || walk.builder.lanes().sessions.length === 0) return;
        agentTimeline({ agentId }, walk.range, walk.builder, walk.gaps, false); // what the panel draws first
        first = performance.now() - started;
      },
    },
  );
  await walk.run();
  const timeline = agentTimeline({ agentId }, walk.range, walk.builder, walk.gaps, true);
  const full = performance.now() - started;
  const counted = requests();
  await client.close();
  return { first, full, requests: counted, timeline };
}

/** Every list unfiltered, the agent's records kept client-side; then the same details and analysis. */
async function naive(
  url: string,
  agentId: string,
): Promise<{ full: number; requests: number; timeline: AgentTimeline }> {
  const { client, requests } = countingClient(url, BASELINE_PAGING);
  const started = performance.now();
  const builder = new TimelineLanesBuilder(agentId);
  await Promise.all(
    TIMELINE_LISTS.map(async (list) => {
      for await (const page of client[list]({ window: WINDOW }).pages())
        builder.add(
          list,
          (page.records as { agentId?: unknown }[]).filter((r) => r.agentId === agentId),
        );
    }),
  );
  const wanted = detailsWanted(builder.sessionsByNeed(), builder.lanes().sessions);
  await forEachAtMost(wanted, 4, async (id) => {
    builder.addSessionDetail(await client.getUserSession(id));
  });
  const now = Date.now();
  const timeline = agentTimeline({ agentId }, { fromMs: now - 7 * 86_400_000, toMs: now }, builder, [], true);
  const full = performance.now() - started;
  const counted = requests();
  await client.close();
  return { full, requests: counted, timeline };
}

function pickPerKeystroke(agents: ConstructorParameters<typeof AgentSearch>[0], typed: string): number {
  const index = new AgentSearch(agents);
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    for (let i = 1; i <= typed.length; i++) {
      const t0 = performance.now();
      index.search(typed.slice(0, i), 50);
      times.push(performance.now() - t0);
    }
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

async function main(): Promise<void> {
  const emulator = await startEmulator({ port: 0, preset: 'large' });
  try {
    const group = emulator.world.group(AID);
    const wifi = group?.featuredAgents().find((a) => a.kind === 'wifi');
    if (!wifi) throw new Error('the large preset has no featured Wi-Fi agent');
    const { client } = countingClient(emulator.url);
    const agents = (await client.endpointAgents().collect({ maxRecords: 20_000 })).records;
    await client.close();
    const typed = String(agents.find((a) => a.agentId === wifi.agentId)?.computerName ?? 'desktop')
      .slice(0, 10)
      .toLowerCase();
    const pick = pickPerKeystroke(agents, typed);
    console.log(
      `agent quick pick: ${agents.length} agents, "${typed}" typed one key at a time: ${pick.toFixed(2)} ms per keystroke (median)`,
    );

    const a = await ours(emulator.url, wifi.agentId);
    console.log(
      `ours (server-side agent filter): first lane ${a.first.toFixed(0)} ms, complete ${a.full.toFixed(0)} ms, ${a.requests} requests, ${a.timeline.lanes.sessions.length} sessions, ${a.timeline.verdict.periods.length} poor periods`,
    );
    const b = await naive(emulator.url, wifi.agentId);
    console.log(
      `baseline (unfiltered lists scanned client-side): complete ${b.full.toFixed(0)} ms, ${b.requests} requests, ${b.timeline.lanes.sessions.length} sessions, ${b.timeline.verdict.periods.length} poor periods`,
    );
    if (a.timeline.lanes.sessions.length !== b.timeline.lanes.sessions.length)
      throw new Error('the two ways read different sessions: the comparison would be unfair');
    const ratio = b.full / a.full;
    console.log(
      `BENCH timeline first=${a.first.toFixed(0)} full=${a.full.toFixed(0)} requests=${a.requests} baseline=${b.full.toFixed(0)} ratio=${ratio.toFixed(1)} pick=${pick.toFixed(2)}`,
    );
  } finally {
    await emulator.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
