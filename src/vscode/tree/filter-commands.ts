// The explorer's filters by name: "Add Filter" offers agents by computer name, networks by
// name, fixed choices for enumerated keys and the values seen in what is loaded (typing a raw
// value still works); "Filter by This Agent / Network / Site / SSID" on nodes; one click on an
// active filter's item removes it. The choices come from analysis/filters (one source).
import * as vscode from 'vscode';
import {
  FILTER_KEY_HELP,
  MAX_CHOICES,
  SEEN_SOURCES,
  filterChoices,
  type FilterChoice,
  type LoadedRecords,
} from '../../analysis/filters/choices';
import {
  COMMON_FILTER_KEYS,
  FILTER_VALUE_SETS,
  TARGET_FILTER_KEYS,
  type SearchFilter,
  type UserSessionDetail,
} from '../../api/types';
import { registerCommands, reporting } from '../command-util';
import type { ConnectionManager } from '../connection/connection-manager';
import { withCancellableProgress } from '../progress';
import type { Prompts } from '../ui/prompts';
import { TreeNode, type FilterByKey } from './nodes';
import type { NetmonTreeProvider } from './provider';
import type { QueryState } from './query-state';
import { COMMAND } from '../command-ids.generated';

const TYPE_A_VALUE = 'Type a value…';

interface BuiltFilter {
  filter: SearchFilter;
  labels: Record<string, string>;
}

export function registerFilterCommands(
  context: vscode.ExtensionContext,
  provider: NetmonTreeProvider,
  query: QueryState,
  connection: ConnectionManager,
  prompts: Prompts,
): void {
  const add = (built: BuiltFilter | undefined): SearchFilter | undefined => {
    if (built) query.addFilter(built.filter, built.labels);
    return built?.filter;
  };
  const filterBy = (key: FilterByKey, what: string) => (node: unknown) =>
    reporting(`Filtering by this ${what}`, async () => {
      if (!(node instanceof TreeNode) || !node.spec.filterBy?.[key])
        throw new Error(
          `Run this command on a node of the Netmon view that has ${what === 'SSID' ? 'a user session' : `an ${what}`}`,
        );
      return add(await filterOfNode(node, key, connection));
    });
  registerCommands(context, {
    [COMMAND.addFilter]: (arg) =>
      reporting('Adding a filter', async () =>
        add(parseFilter(arg) ?? (await buildFilter(provider, connection, prompts))),
      ),
    [COMMAND.removeFilter]: (node) => {
      if (node instanceof TreeNode && node.spec.activeFilter)
        query.removeFilter(node.spec.activeFilter.key, node.spec.activeFilter.value);
    },
    [COMMAND.filterByAgent]: filterBy('agentId', 'agent'),
    [COMMAND.filterByNetwork]: filterBy('networkId', 'network'),
    [COMMAND.filterBySite]: filterBy('visitedSite', 'site'),
    [COMMAND.filterBySsid]: filterBy('ssid', 'SSID'),
  });
}

/** A filter passed by a script or a panel (`{ key, values, labels? }`) is used as given. */
function parseFilter(value: unknown): BuiltFilter | undefined {
  if (typeof value !== 'object' || value === null || value instanceof TreeNode) return undefined;
  const { key, values, labels } = value as { key?: unknown; values?: unknown; labels?: unknown };
  if (typeof key !== 'string' || !Array.isArray(values)) return undefined;
  const kept = values.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number');
  // What the values read as (a panel passes the agent's name): text only.
  const named =
    typeof labels === 'object' && labels !== null
      ? Object.fromEntries(
          Object.entries(labels).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        )
      : {};
  return kept.length > 0 ? { filter: { key, values: kept }, labels: named } : undefined;
}

async function buildFilter(
  provider: NetmonTreeProvider,
  connection: ConnectionManager,
  prompts: Prompts,
): Promise<BuiltFilter | undefined> {
  const keys = [...new Set([...COMMON_FILTER_KEYS, ...Object.values(TARGET_FILTER_KEYS).flat()])];
  const key = await prompts.choose(
    keys.map((k) => ({ label: k, description: FILTER_KEY_HELP[k] })),
    { title: 'Netmon: filter sessions and topology by…' },
  );
  if (!key) return undefined;
  const choices = await choicesFor(key.label, provider, connection);
  const title = `${key.label} is one of…`;
  if (choices.length === 0)
    return typed(
      key.label,
      prompts,
      `Nothing loaded yet offers a ${key.label} (${SEEN_SOURCES[key.label] ?? 'type it'}). One or more ` +
        'values, separated by commas',
    );
  const items = [
    ...choices.map((choice) => ({ label: choice.label, description: choice.description, choice })),
    ...(FILTER_VALUE_SETS[key.label]
      ? []
      : [
          {
            label: TYPE_A_VALUE,
            description: 'values that are not listed, separated by commas',
            choice: undefined,
            alwaysShow: true,
          },
        ]),
  ];
  const picked = await prompts.chooseMany(items, {
    title,
    placeHolder: 'Type to search; Space selects, Enter applies',
  });
  if (!picked || picked.length === 0) return undefined;
  const chosen = picked.flatMap((item) => (item.choice ? [item.choice] : []));
  const labels = Object.fromEntries(chosen.map((c) => [c.value, c.label]));
  const typedValues = picked.some((item) => !item.choice)
    ? ((await typed(key.label, prompts, 'One or more values, separated by commas'))?.filter.values ?? [])
    : [];
  const values = [...chosen.map((c) => c.value), ...typedValues];
  return values.length > 0 ? { filter: { key: key.label, values }, labels } : undefined;
}

async function typed(key: string, prompts: Prompts, prompt: string): Promise<BuiltFilter | undefined> {
  const text = await prompts.ask({
    title: `${key} is one of…`,
    prompt,
    validate: (input) => (splitValues(input).length === 0 ? 'Enter at least one value' : undefined),
  });
  return text === undefined ? undefined : { filter: { key, values: splitValues(text) }, labels: {} };
}

/** Choices from what the tree loaded; agents and networks whole (bounded), not only the page the tree shows. */
async function choicesFor(
  key: string,
  provider: NetmonTreeProvider,
  connection: ConnectionManager,
): Promise<FilterChoice[]> {
  const loaded: LoadedRecords = provider.loadedRecords();
  if (key === 'agentId') {
    // The connection's agent directory (one read shared with every view), not another walk of the list.
    const directory = await withCancellableProgress('Loading endpoint agents…', (signal) =>
      connection.requireClient().agentDirectory().ready(signal),
    );
    loaded.agents = directory.agents();
  }
  if (key === 'networkId') {
    const { records } = await withCancellableProgress('Loading networks…', (signal) =>
      connection.requireClient().networks({ signal }).collect({ maxRecords: MAX_CHOICES }),
    );
    loaded.networks = records;
  }
  return filterChoices(key, loaded);
}

async function filterOfNode(node: TreeNode, key: FilterByKey, connection: ConnectionManager): Promise<BuiltFilter> {
  const given = node.spec.filterBy![key]!;
  if (key === 'ssid') return ssidOfSession(node, given.value, connection);
  const label =
    key === 'agentId' && given.label === given.value ? await agentName(given.value, connection) : given.label;
  return { filter: { key, values: [given.value] }, labels: { [given.value]: label } };
}

async function agentName(agentId: string, connection: ConnectionManager): Promise<string> {
  // The connection's directory: one read of the agent list shared with every view.
  const directory = await connection.requireClient().agentDirectory().ready();
  return directory.label(agentId);
}

async function ssidOfSession(
  node: TreeNode,
  userSessionId: string,
  connection: ConnectionManager,
): Promise<BuiltFilter> {
  const detail =
    (node.loadedDetail as UserSessionDetail | undefined) ??
    (await withCancellableProgress(`Loading session ${userSessionId}…`, (signal) =>
      connection.requireClient().getUserSession(userSessionId, { signal }),
    ));
  const profile = (detail?.network as Partial<UserSessionDetail['network']> | undefined)?.networkProfile;
  const ssid = profile?.wirelessProfile?.ssid;
  if (typeof ssid !== 'string' || ssid === '') {
    const connection = typeof profile?.hardwareType === 'string' ? profile.hardwareType : 'not reported';
    throw new Error(`this session was not on Wi-Fi (connection: ${connection}), so it has no SSID to filter by`);
  }
  return { filter: { key: 'ssid', values: [ssid] }, labels: {} };
}

function splitValues(text: string): string[] {
  return text
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}
