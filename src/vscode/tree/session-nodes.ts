// User Sessions (→ pages), Network Sessions and Network Topology: paged lists that take the
// view's time range and the search filters each endpoint accepts.
import type { NetworkProbe, NetworkSession, SearchFilter, SessionPage, UserSession } from '../../api/types';
import {
  networkSessionSummary,
  pageSummary,
  probeSummary,
  userSessionSummary,
  type AgentName,
} from '../../analysis/records/summaries';
import { arrangementNote, groupDescription, groupSessions, sortSessions } from '../../analysis/records/arrange';
import { experienceGrade, GRADE_THEME_COLORS } from '../../analysis/grades';
import { LowestScores, WORST_ORDER, WORST_ORDER_SHORT, worstSummary } from '../../analysis/records/worst';
import { hurtOfTies, WORST_COUNT, WORST_MAX_WALK } from '../../analysis/records/worst-ties';
import { withNotificationProgress } from '../ui/notify';
import { segment, summaryItem } from './format';
import { listNode } from './list-node';
import { TreeNode, type DetailsSource, type LoadContext, type NodeSpec, type PagedNode } from './nodes';
import { COMMAND } from '../command-ids.generated';

export function userSessionsNode(context: LoadContext): PagedNode<UserSession> {
  const filters = context.query.filtersFor('user-sessions');
  const { arrangement } = context;
  const node = listNode<UserSession>(
    undefined,
    context,
    { label: 'User Sessions', icon: 'account', kind: 'root userSessions', loadingWhat: 'Loading user sessions' },
    (options) => context.client.userSessions({ ...options, filters, onlyFiltersTaken: true }),
    (session, owner) => userSessionNode(session, owner, agentNames(context)),
    emptyText('user sessions', filters),
  );
  node.spec.descriptionOf = () => {
    const note = node.loader.isStarted
      ? arrangementNote(arrangement.sort, arrangement.group, node.loader.visible.length, node.loader.hasMore)
      : undefined;
    return [context.query.describeFor('user-sessions'), note].filter(Boolean).join(' · ');
  };
  node.arrange = (self, build, signal) => arrangedSessions(self, build, context, signal);
  const worst = worstSessionsNode(node, context, filters);
  node.leading = () => [worst];
  return node;
}

export { WORST_COUNT, WORST_MAX_WALK };
/**
 * "20,000" as toLocaleString('en-US') writes it, but without Intl: this tooltip is built with
 * the roots, and the first Intl call of a process starts ICU (30–45 ms on this 2-core box),
 * which delayed the tree's first paint.
 */
const WORST_MAX_WALK_TEXT = withThousands(WORST_MAX_WALK);

function withThousands(whole: number): string {
  const digits = String(whole);
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return groups.join(',');
}

/** The lowest-scored sessions of the view's range and filters: every page walked (bounded), N kept. */
function worstSessionsNode(
  owner: PagedNode<UserSession>,
  context: LoadContext,
  filters: SearchFilter[] | undefined,
): TreeNode {
  return new TreeNode(owner, {
    label: 'Worst Sessions',
    icon: 'flame',
    kind: 'worstSessions',
    loadingWhat: 'Finding the worst sessions',
    description: `the ${WORST_COUNT} lowest-scored in the whole range`,
    tooltip:
      `Reads every page of user sessions in ${context.query.describeFor('user-sessions')} (at most ` +
      `${WORST_MAX_WALK_TEXT}) and lists the ${WORST_COUNT} with the lowest experience score. Order: ` +
      `${WORST_ORDER}.`,
    children: async ({ client, signal }, self) => {
      const lowest = new LowestScores<UserSession>(WORST_COUNT);
      let complete = true;
      let stopped = false;
      await withNotificationProgress('Finding the worst user sessions', async (progress, cancel) => {
        const walk = AbortSignal.any([signal, cancel]);
        try {
          for await (const page of client
            .userSessions({ ...context.query.timeOptions(), filters, signal: walk })
            .pages()) {
            for (const session of page.records) lowest.add(session);
            progress.report({ message: `${lowest.read.toLocaleString('en-US')} sessions read` });
            if (lowest.read >= WORST_MAX_WALK) {
              complete = false;
              break;
            }
          }
        } catch (error) {
          if (!cancel.aborted || signal.aborted) throw error;
          stopped = true; // the user stopped the walk: show what was found so far
        }
      });
      const hurt = await hurtOfTies(client, lowest.tied(), signal);
      // Rows name their agents when drawn: a directory read after them would redraw the tree under the pointer.
      await client
        .agentDirectory()
        .ready()
        .catch(() => undefined);
      const summary = stopped
        ? `stopped after ${lowest.read.toLocaleString('en-US')} sessions: ` +
          `${worstSummary(lowest.sessions().length, lowest.read, lowest.unscored, false)}`
        : worstSummary(lowest.sessions().length, lowest.read, lowest.unscored, complete);
      const rows = lowest
        .ranked((session) => hurt.get(session.userSessionId))
        .map((session) => userSessionNode(session, self, agentNames(context)));
      // What was found is the list's last row, not this row's description: redrawing this row drops its
      // children's handles in VS Code until it asks for them again, and a click meanwhile loses its row.
      return [
        ...rows,
        new TreeNode(self, {
          label: summary,
          description: WORST_ORDER_SHORT,
          icon: 'info',
          kind: 'worstSummary',
          tooltip: `Order: ${WORST_ORDER}.`,
        }),
      ];
    },
  });
}

/** The loaded sessions sorted and grouped as the arrangement says (undefined: the API's order). */
async function arrangedSessions(
  owner: PagedNode<UserSession>,
  build: (record: UserSession, index: number) => TreeNode,
  context: LoadContext,
  signal: AbortSignal,
): Promise<TreeNode[] | undefined> {
  const { arrangement } = context;
  if (arrangement.isDefault) return undefined;
  const visible = owner.loader.visible;
  if (arrangement.sort === 'slowestPage') await arrangement.readSlowestLoads(context.client, visible, signal);
  const sorted = sortSessions(visible, arrangement.sort, (session) => arrangement.slowestLoadMs(session));
  if (arrangement.group === 'none') return sorted.map((placed) => build(placed.record, placed.index));
  const names = agentNames(context);
  return groupSessions(sorted, arrangement.group, names).map((group) => {
    const rows = group.items.map((placed) => build(placed.record, placed.index));
    return new TreeNode(owner, {
      label: group.label,
      description: groupDescription(group),
      icon: arrangement.group === 'site' ? 'globe' : 'vm',
      kind: 'sessionGroup',
      ...(group.worst !== undefined ? { iconColor: GRADE_THEME_COLORS[experienceGrade(group.worst) ?? 'ok'] } : {}),
      children: () => Promise.resolve(rows),
    });
  });
}

export function networkSessionsNode(context: LoadContext): PagedNode<NetworkSession> {
  const filters = context.query.filtersFor('network');
  return listNode<NetworkSession>(
    undefined,
    context,
    {
      label: 'Network Sessions',
      icon: 'radio-tower',
      kind: 'root networkSessions',
      loadingWhat: 'Loading network sessions',
      description: context.query.describeFor('network'),
    },
    (options) => context.client.networkSessions({ ...options, filters, onlyFiltersTaken: true }),
    (session, owner, index) => networkSessionNode(session, owner, index, agentNames(context)),
    emptyText('network sessions', filters),
  );
}

export function topologyNode(context: LoadContext): PagedNode<NetworkProbe> {
  const filters = context.query.filtersFor('network-topology');
  return listNode<NetworkProbe>(
    undefined,
    context,
    {
      label: 'Network Topology',
      icon: 'type-hierarchy-sub',
      kind: 'root topology',
      loadingWhat: 'Loading network topology probes',
      description: context.query.describeFor('network-topology'),
    },
    (options) => context.client.networkProbes({ ...options, filters, onlyFiltersTaken: true }),
    (probe, owner) => probeNode(probe, owner, agentNames(context)),
    emptyText('network topology probes', filters),
  );
}

/** "Filter by This Agent": the id now; its name is looked up when the filter is added. */
export function byAgent(agentId: unknown): NodeSpec['filterBy'] {
  return typeof agentId === 'string' && agentId !== '' ? { agentId: { value: agentId, label: agentId } } : {};
}

function bySite(site: unknown): NodeSpec['filterBy'] {
  return typeof site === 'string' && site !== '' ? { visitedSite: { value: site, label: site } } : {};
}

function emptyText(what: string, filters: readonly unknown[] | undefined): string {
  return filters ? `No ${what} match the filters in this time range` : `No ${what} in this time range`;
}

/** Names from the connection's agent directory (the ids until it has been read). */
function agentNames(context: LoadContext): AgentName {
  const directory = context.client.agentDirectory();
  return (agentId) => directory.nameOf(agentId);
}

function userSessionNode(session: UserSession, owner: TreeNode, names: AgentName): TreeNode {
  return new TreeNode(owner, {
    ...summaryItem(userSessionSummary(session, undefined, names)),
    icon: 'browser',
    kind: 'userSession',
    permalink: session.permalink,
    record: session,
    ids: { userSessionId: session.userSessionId, agentId: session.agentId },
    filterBy: {
      ...byAgent(session.agentId),
      ...bySite(session.visitedSite),
      ssid: { value: session.userSessionId, label: 'the SSID of this session' },
    },
    loadingWhat: `Loading pages of session ${session.userSessionId}`,
    // A click answers "what happened in this session": its overview. The pages stay under the
    // arrow (VS Code expands an item with a command only from its twistie).
    command: {
      command: COMMAND.openSessionOverview,
      title: 'Open Session Overview',
      arguments: [session.userSessionId],
    },
    details: {
      path: `user-sessions/${segment(session.userSessionId)}`,
      load: (client, signal) => client.getUserSession(session.userSessionId, { signal }),
    },
    children: async ({ client, signal }, self) => {
      const detail = await client.getUserSession(session.userSessionId, { signal });
      self.loadedDetail = detail;
      return (detail.pages ?? []).map((page) => pageNode(self, session, page));
    },
  });
}

function pageNode(parent: TreeNode, session: UserSession, page: SessionPage): TreeNode {
  const summary = pageSummary(page);
  return new TreeNode(parent, {
    ...summaryItem(summary),
    icon: summary.warning ? 'warning' : 'file',
    kind: 'page',
    harPage: { userSessionId: session.userSessionId, pageId: page.id, title: page.title, agentId: session.agentId },
    ids: { userSessionId: session.userSessionId, pageId: page.id, agentId: session.agentId },
    // A click shows what a page is about: its waterfall (the details JSON stays in the menu).
    command: {
      command: COMMAND.openPageWaterfall,
      title: 'Open Page Waterfall',
      arguments: [session.userSessionId, page.id, page.title],
    },
    details: {
      path: `user-sessions/${segment(session.userSessionId)}/pages/${segment(page.id)}`,
      load: (client, signal) => client.getPageDetails(session.userSessionId, page.id, { signal }),
    },
  });
}

function networkSessionNode(
  session: NetworkSession,
  owner: PagedNode<NetworkSession>,
  index: number,
  names: AgentName,
): TreeNode {
  return new TreeNode(owner, {
    ...summaryItem(networkSessionSummary(session, undefined, names)),
    icon: 'radio-tower',
    kind: 'networkSession',
    ids: { userSessionId: session.userSessionId, agentId: session.agentId },
    record: session,
    filterBy: byAgent(session.agentId),
    details: {
      path: `network-sessions/${segment(session.userSessionId)}-${index}`,
      load: () => Promise.resolve(session),
    },
  });
}

/** Each probe kind its own shape, so the kind is not told by the label alone. */
const PROBE_ICONS: Record<string, string> = { gateway: 'home', vpn: 'lock', proxy: 'server-process' };

function probeNode(probe: NetworkProbe, owner: PagedNode<NetworkProbe>, names: AgentName): TreeNode {
  return new TreeNode(owner, {
    ...summaryItem(probeSummary(probe, undefined, names)),
    icon: (typeof probe.type === 'string' ? PROBE_ICONS[probe.type] : undefined) ?? 'debug-disconnect',
    kind: 'probe',
    record: probe,
    filterBy: byAgent(probe.agentId),
    ids: { agentId: probe.agentId },
    details: probeDetails(probe.networkProbeId),
  });
}

/** A probe's details as a read-only JSON document (the tree and the agent timeline open it). */
export function probeDetails(networkProbeId: string): DetailsSource {
  return {
    path: `network-topology/${segment(networkProbeId)}`,
    load: (client, signal) => client.getNetworkProbe(networkProbeId, { signal }),
  };
}
