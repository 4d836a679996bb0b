// Live data of the connected account, cached for the document features. Loaded in the
// background once a document feature first needs it (not at activation, where its four
// requests would compete with the tree's), then again on every connection change.
// Two views of it: lists known to be complete (checked by the live rules) and everything
// seen, samples included (offered by completion and hovers only, so no false warnings).
import * as vscode from 'vscode';
import type { NetmonClient } from '../../api';
import type { EnterpriseTest, UserSessionDetail } from '../../api/types';
import type { DeployedTest, LiveCatalog } from '../../documents';
import type { ConnectionManager } from '../connection/connection-manager';
import { readAgentCatalogFiles } from './agent-catalog-file';
import { documentsLibrary as lib } from './library';
import type { DeploymentRecords } from './deployment-records';
import { deployTarget } from './target';
import { networkProviderText } from '../../analysis/agents/network-provider';

/** Session details read to learn locations and SSIDs: a sample, bounded to stay cheap. */
const SESSION_SAMPLE = 8;

export interface LoadedCatalog {
  /**
   * Endpoint agents, networks and account groups (complete lists), and the enterprise agents learned so far (marked
   * incomplete).
   */
  validation: LiveCatalog;
  /** Adds (once asked for) locations and SSIDs sampled from sessions. */
  completion: LiveCatalog;
  /** Deployed enterprise tests, when the service lists them (GET /v7/tests). */
  deployedTests: EnterpriseTest[] | undefined;
}

export class CatalogCache implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private loaded: LoadedCatalog | undefined;
  private loading: Promise<LoadedCatalog | undefined> | undefined;
  private generation = 0;
  private places: Promise<void> | undefined;
  /** Set by the first document feature that asks; until then a connection change loads nothing. */
  private wanted = false;
  private readonly subscription: vscode.Disposable;
  private fileWatch: vscode.Disposable | undefined;

  constructor(
    private readonly connection: ConnectionManager,
    private readonly log: (message: string) => void,
    /** What this workspace deployed: the agents in those answers are known agents too. */
    private readonly deployments: DeploymentRecords,
  ) {
    this.subscription = connection.onDidChange(() => this.learnedChanged());
  }

  /** What is cached now; undefined while nothing is loaded (live rules then stay off). */
  get current(): LoadedCatalog | undefined {
    return this.loaded;
  }

  /** Starts the first load (in the background); later connection changes reload. */
  request(): void {
    if (this.wanted) return;
    void this.refresh();
  }

  /** Resolves once the load in flight (if any) has finished. */
  async ready(): Promise<LoadedCatalog | undefined> {
    this.request();
    return this.loading ?? this.loaded;
  }

  /**
   * Locations and SSIDs come from a sample of session details (several requests), so they
   * are read on the first completion that needs them rather than on every connection.
   */
  ensurePlaces(): Promise<void> {
    const client = this.connection.client;
    if (!client) return Promise.resolve();
    const generation = this.generation;
    this.places ??= this.ready()
      .then(() => samplePlaces(client))
      .then(
        (places) => {
          const loaded = this.loaded;
          if (generation !== this.generation || !loaded) return;
          this.loaded = {
            ...loaded,
            completion: { ...loaded.completion, locations: places.locations, ssids: places.ssids },
          };
        },
        (error: unknown) =>
          this.log(
            'Loading session locations for completion failed: ' +
              `${error instanceof Error ? error.message : String(error)}`,
          ),
      );
    return this.places;
  }

  /**
   * What was learned changed (a connection, a deployed test, a catalog file): reload if a document feature uses the
   * catalog.
   */
  learnedChanged(): void {
    if (this.wanted) void this.refresh();
  }

  refresh(): Promise<LoadedCatalog | undefined> {
    this.wanted = true;
    this.watchCatalogFiles();
    const generation = ++this.generation;
    this.loaded = undefined;
    this.places = undefined;
    if (!this.connection.client || !this.connection.current) {
      this.loading = undefined;
      this.changed.fire();
      return Promise.resolve(undefined);
    }
    // The same service key and account group as the documents' bindings and deployments use.
    const { client, connectionKey, aidKey } = deployTarget(this.connection);
    const deployed = this.deployments.list(connectionKey, aidKey);
    this.loading = loadCatalog(client, connectionKey, deployed, this.log).then((catalog) => {
      if (generation !== this.generation) return this.loaded;
      this.loaded = catalog;
      this.loading = undefined;
      this.changed.fire();
      return catalog;
    });
    return this.loading;
  }

  /** Watched from the first load on, not at activation: windows that never open a document pay nothing. */
  private watchCatalogFiles(): void {
    if (this.fileWatch) return;
    const watcher = vscode.workspace.createFileSystemWatcher('**/.netmon/agents.json');
    const reload = (): void => this.learnedChanged();
    this.fileWatch = vscode.Disposable.from(
      watcher,
      watcher.onDidChange(reload),
      watcher.onDidCreate(reload),
      watcher.onDidDelete(reload),
    );
  }

  dispose(): void {
    this.fileWatch?.dispose();
    this.subscription.dispose();
    this.changed.dispose();
  }
}

async function loadCatalog(
  client: NetmonClient,
  connectionKey: string,
  deployed: readonly DeployedTest[],
  log: (message: string) => void,
): Promise<LoadedCatalog> {
  const optional = <T>(what: string, work: Promise<T>): Promise<T | undefined> =>
    work.catch((error: unknown) => {
      log(`Loading ${what} for document checks failed: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    });
  const [listed, groups, agents, networks, tests, fromFiles] = await Promise.all([
    // GET /v6/agents (/v7/agents): the complete list where the service has it (404/403 elsewhere).
    optional(
      'enterprise agents',
      client
        .enterpriseAgents()
        .collect({ maxRecords: 20_000 })
        .then(({ records }) => records),
    ),
    optional('account groups', client.listAccountGroups()),
    // The connection's agent directory: read here (fresh, as "Refresh Live Data" asks), shared with every view.
    optional(
      'endpoint agents',
      client
        .agentDirectory()
        .refresh()
        .then((records) => ({ endpointAgents: records })),
    ),
    optional(
      'networks',
      client
        .networks()
        .collect({ maxRecords: 20_000 })
        .then(({ records }) => ({ privateNetworks: records })),
    ),
    optional('deployed tests', lib().listDeployedTests(client)),
    readAgentCatalogFiles(log),
  ]);
  // Without the service's list, what is known is learned, and says where from.
  const enterpriseAgents = listed
    ? lib().agentsFromList(listed, await client.apiVersion(), (agent) => networkProviderText(agent.networkProviderInfo))
    : lib().mergeAgents([
        fromFiles,
        tests ? lib().agentsOfTests(tests, 'the tests the service lists') : [],
        lib().agentsOfTests(deployed, 'tests deployed from this workspace'),
      ]);
  const validation: LiveCatalog = {
    connectionKey,
    accountGroups: groups?.accountGroups.map((g) => ({ aid: String(g.aid), name: g.accountGroupName })),
    endpointAgents: agents?.endpointAgents.map((a) => ({ agentId: a.agentId, name: a.computerName })),
    networks: networks?.privateNetworks.map((n) => ({
      networkId: n.networkId,
      name: n.networkName || n.networkId,
      detail: n.localPrefix,
    })),
    ...(listed
      ? { enterpriseAgents, enterpriseAgentsComplete: true }
      : enterpriseAgents.length > 0
        ? { enterpriseAgents, enterpriseAgentsComplete: false }
        : {}),
  };
  return { validation, completion: { ...validation }, deployedTests: tests };
}

async function samplePlaces(client: NetmonClient): Promise<{ locations: string[]; ssids: string[] }> {
  const { records } = await client.userSessions({ window: '1d' }).collect({ maxRecords: SESSION_SAMPLE });
  const details = await Promise.all(
    records.map((s) =>
      client.getUserSession(s.userSessionId).then(
        (detail) => detail,
        () => undefined,
      ),
    ),
  );
  const locations = new Set<string>();
  const ssids = new Set<string>();
  for (const detail of details.filter((d): d is UserSessionDetail => d !== undefined)) {
    if (detail.coordinates?.location) locations.add(detail.coordinates.location);
    const ssid = detail.network?.networkProfile?.wirelessProfile?.ssid;
    if (ssid) ssids.add(ssid);
  }
  return { locations: [...locations].sort(), ssids: [...ssids].sort() };
}
