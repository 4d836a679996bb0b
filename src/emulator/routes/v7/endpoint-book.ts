// What v7's writable endpoint tests and labels hold per account group, beside the generated
// world: scheduled tests created or patched (a patched generated test is copied here first),
// generated tests deleted, dynamic tests and endpoint labels (seeded from the group's agents
// the first time the group is asked). Records are kept in v7's shape, without aid and _links.
import type { GroupWorld } from '../../world/model';
import type { EmulatorState } from '../state';
import { platformOf } from './endpoint-agent-filter';

export type StoredRecord = Record<string, unknown>;

export interface EndpointBook {
  labels: Map<string, StoredRecord>;
  scheduled: Map<number, StoredRecord>;
  deletedScheduled: Set<number>;
  dynamic: Map<number, StoredRecord>;
}

/** The labels and dynamic tests see this many agents at most (the large presets have 10,000). */
export const SEEDED_AGENT_WINDOW = 200;
const books = new WeakMap<EmulatorState, Map<number, EndpointBook>>();

export function endpointBook(state: EmulatorState, group: GroupWorld): EndpointBook {
  let byAid = books.get(state);
  if (!byAid) books.set(state, (byAid = new Map()));
  let book = byAid.get(group.aid);
  if (!book) byAid.set(group.aid, (book = seedBook(group)));
  return book;
}

function seedBook(group: GroupWorld): EndpointBook {
  const labels = seedLabels(group);
  const [mac, , watchlist] = [...labels.keys()];
  const dynamic = new Map<number, StoredRecord>();
  const base = group.aid * 100 + 90;
  dynamic.set(
    base + 1,
    dynamicTest(base + 1, 'Microsoft Teams calls', 'microsoft-teams', {
      agentSelectorType: 'agent-labels',
      maxMachines: 25,
      endpointAgentLabels: [watchlist ?? ''],
    }),
  );
  dynamic.set(
    base + 2,
    dynamicTest(base + 2, 'Zoom meetings', 'zoom', {
      agentSelectorType: 'agent-labels',
      maxMachines: 25,
      endpointAgentLabels: [mac ?? ''],
    }),
  );
  return { labels, scheduled: new Map(), deletedScheduled: new Set(), dynamic };
}

function dynamicTest(
  testId: number,
  testName: string,
  application: string,
  agentSelectorConfig: StoredRecord,
): StoredRecord {
  return {
    testId: String(testId),
    testName,
    application,
    interval: 300,
    isEnabled: true,
    protocol: 'tcp',
    tcpProbeMode: 'auto',
    networkMeasurements: true,
    hasPathTraceInSession: false,
    isPrioritized: false,
    agentSelectorConfig,
    createdDate: '2026-01-12T09:30:00Z',
  };
}

/** Platform labels for the platforms the group's agents run, and a watchlist of its featured agents. */
function seedLabels(group: GroupWorld): Map<string, StoredRecord> {
  const agents = group.endpointAgents(0, SEEDED_AGENT_WINDOW);
  const platforms = new Set(agents.map(platformOf));
  const labels = new Map<string, StoredRecord>();
  const add = (name: string, color: string, filters: StoredRecord[]): void => {
    const id = String(group.aid * 1000 + labels.size + 1);
    labels.set(id, { id, name, color, matchType: 'or', filters });
  };
  add('Mac laptops', '#5b8def', platforms.has('mac') ? [{ key: 'platform', values: ['mac'], mode: 'in' }] : []);
  add(
    'Windows desktops',
    '#2e9e6b',
    platforms.has('windows') ? [{ key: 'platform', values: ['windows'], mode: 'in' }] : [],
  );
  const watched = group.featuredAgents().map((f) => f.agentId);
  add('Troubleshooting watchlist', '#d9822b', [{ key: 'agent-id', values: [...new Set(watched)], mode: 'in' }]);
  return labels;
}
