// Owns the one live connection: its client, the demo emulator when in demo mode, the
// token in SecretStorage and the account group chosen per connection (globalState).
// Views and commands receive this object and read `client`; nothing else creates clients.
import * as vscode from 'vscode';
import type { Credentials, NetmonClient, RequestListener } from '../../api';
import type { ApiVersionSetting } from '../../api/client';
import { pickAccountGroup } from '../../api/account-groups';
import type { AccountGroup } from '../../api/types';
import type { RunningEmulator } from '../../emulator/api';
import type { ClientFactory } from './client-loader';
import {
  apiInUseText,
  rememberApiVersion,
  rememberedApiVersion,
  remoteApiChoice,
  type ApiChoice,
  type ApiInUse,
} from './api-version';
import { DEMO_ADMIN, demoApiVersion, startDemoEmulator } from './demo';
import { readSettings, saveConnectionSettings, type AuthForm } from './settings';

export type ConnectionKind = 'demo' | 'remote';

export interface ConnectionInfo {
  kind: ConnectionKind;
  baseUrl: string;
  authForm: AuthForm;
  email: string;
  /** Identifies the connection (service and login) for per-user state: the account group chosen. */
  key: string;
  /** Identifies the service ("demo" or the base URL), never the user: document bindings and what was deployed. */
  serviceKey: string;
  accountGroup: AccountGroup | undefined;
  /** The API dialect in use and how it was chosen; undefined while a detection is still running (or failed). */
  api: ApiInUse | undefined;
}

export interface SignInInput {
  baseUrl: string;
  authForm: AuthForm;
  email: string;
  token: string;
}

/** The client of a connection being made: roots show while it settles, children wait for it. */
interface PendingClient {
  readonly promise: Promise<NetmonClient>;
  resolve(client: NetmonClient): void;
  reject(error: unknown): void;
}

function pendingClient(): PendingClient {
  let resolve: (client: NetmonClient) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<NetmonClient>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  promise.catch(() => undefined); // a failed connection is reported by whoever started it
  return { promise, resolve, reject };
}

const MODE_KEY = 'netmon.mode';
const tokenKey = (baseUrl: string): string => `netmon.token:${baseUrl}`;
const accountGroupKey = (connectionKey: string): string => `netmon.accountGroup:${connectionKey}`;

export class ConnectionManager implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ConnectionInfo | undefined>();
  readonly onDidChange = this.changed.event;
  private info: ConnectionInfo | undefined;
  private activeClient: NetmonClient | undefined;
  private demo: RunningEmulator | undefined;
  private credentials: Credentials | undefined;
  private clientPromise: Promise<NetmonClient> | undefined;
  /**
   * Connection changes run one after another: two quick "Use Demo Account" clicks start one emulator each, never two at
   * once.
   */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly onRequest: RequestListener,
    private readonly createNetmonClient: ClientFactory,
    /** Requests that go out but are almost certainly not meant (the log says so). */
    private readonly onWarning: (message: string) => void = () => undefined,
    /** Lines for the log a user reads (Show Log): which service and API a connection uses. */
    private readonly onInfo: (message: string) => void = () => undefined,
  ) {}

  get current(): ConnectionInfo | undefined {
    return this.info;
  }
  get client(): NetmonClient | undefined {
    return this.activeClient;
  }
  /**
   * The client of the connection that is up or being made (demo emulator starting,
   * client loading); undefined when signed out. A new promise means a new client.
   */
  get clientWhenReady(): Promise<NetmonClient> | undefined {
    return this.clientPromise;
  }
  /** URL of the in-process demo emulator, while demo mode runs. */
  get demoUrl(): string | undefined {
    return this.demo?.url;
  }

  /** Reconnects what the last session used: demo mode, or the saved base URL and token. */
  restore(): Promise<void> {
    const settings = readSettings();
    if (settings.startInDemoMode || this.context.globalState.get<string>(MODE_KEY) === 'demo') {
      // Known at once: the tree can show its roots before the emulator is up.
      const connecting = this.startConnecting();
      return this.serialized(async () => {
        await this.useDemoNow(connecting);
      });
    }
    return this.serialized(() => this.restoreRemote());
  }

  private async restoreRemote(): Promise<void> {
    const settings = readSettings();
    if (!settings.baseUrl) return;
    const token = await this.context.secrets.get(tokenKey(settings.baseUrl));
    if (!token) return;
    await this.disconnect();
    const api = remoteApiChoice(settings.apiVersion, rememberedApiVersion(this.context.globalState, settings.baseUrl));
    await this.connect(this.startConnecting(), {
      kind: 'remote',
      baseUrl: settings.baseUrl,
      authForm: settings.authForm,
      email: settings.email,
      token,
      api,
    });
  }

  /** Checks the credentials with one request before anything is stored. */
  signIn(input: SignInInput): Promise<ConnectionInfo> {
    return this.serialized(() => this.signInNow(input));
  }

  /** Sign In detects the dialect anew (in `auto`): the account behind a base URL may have moved to v7. */
  private async signInNow(input: SignInInput): Promise<ConnectionInfo> {
    const setting = readSettings().apiVersion;
    const probe = this.createClient(
      input.baseUrl,
      credentialsFor(input.authForm, input.email, input.token),
      undefined,
      setting,
    );
    try {
      // The detection read comes first: a v7 account never sees a v6 request.
      const version = await probe.apiVersion();
      await probe.listAccountGroups();
      if (setting === 'auto') await rememberApiVersion(this.context.globalState, input.baseUrl, version);
    } finally {
      await probe.close();
    }
    await this.context.secrets.store(tokenKey(input.baseUrl), input.token);
    await saveConnectionSettings(input.baseUrl, input.authForm, input.email);
    await this.context.globalState.update(MODE_KEY, 'remote');
    await this.disconnect();
    const api = remoteApiChoice(setting, rememberedApiVersion(this.context.globalState, input.baseUrl));
    return this.connect(this.startConnecting(), { kind: 'remote', ...input, api });
  }

  useDemo(): Promise<ConnectionInfo> {
    return this.serialized(() => this.useDemoNow());
  }

  private async useDemoNow(alreadyConnecting?: PendingClient): Promise<ConnectionInfo> {
    let connecting = alreadyConnecting;
    if (!connecting) {
      await this.disconnect();
      connecting = this.startConnecting();
    }
    try {
      const starting = startDemoEmulator(this.context.extensionPath, demoApiVersion(readSettings().apiVersion));
      // The emulator binds its port asynchronously: load the client's code meanwhile.
      this.createNetmonClient.preload?.();
      this.demo = await starting;
    } catch (error) {
      this.failConnecting(connecting, error);
      throw error;
    }
    const saved = this.context.globalState.update(MODE_KEY, 'demo');
    // The emulator states its dialect: the client is told, never probes it.
    const api: ApiChoice = { option: this.demo.api, source: 'emulator' };
    const info = await this.connect(connecting, {
      kind: 'demo',
      baseUrl: this.demo.url,
      authForm: 'bearer',
      email: DEMO_ADMIN.email,
      token: DEMO_ADMIN.token,
      api,
    });
    await saved;
    return info;
  }

  /** From here on the connection state is known: the tree shows its roots and waits for the client. */
  private startConnecting(): PendingClient {
    const connecting = pendingClient();
    this.clientPromise = connecting.promise;
    this.fire();
    return connecting;
  }

  private failConnecting(connecting: PendingClient, error: unknown): void {
    connecting.reject(error);
    if (this.clientPromise !== connecting.promise) return;
    this.clientPromise = undefined;
    this.fire();
  }

  /** Forgets the token of the current remote connection and stops demo mode. */
  signOut(): Promise<void> {
    return this.serialized(() => this.signOutNow());
  }

  private async signOutNow(): Promise<void> {
    const info = this.info;
    if (info?.kind === 'remote') await this.context.secrets.delete(tokenKey(info.baseUrl));
    await this.context.globalState.update(MODE_KEY, undefined);
    await this.disconnect();
    this.fire();
  }

  async listAccountGroups(signal?: AbortSignal): Promise<AccountGroup[]> {
    const client = this.requireClient();
    return (await client.listAccountGroups({ signal })).accountGroups;
  }

  /** Switches the account group; remembered for this connection across sessions. */
  setAccountGroup(group: AccountGroup): Promise<void> {
    return this.serialized(() => this.setAccountGroupNow(group));
  }

  private async setAccountGroupNow(group: AccountGroup): Promise<void> {
    const info = this.info;
    if (!info) throw new Error('Not signed in: run "Netmon: Sign In" or "Netmon: Use Demo Account" first');
    await this.context.globalState.update(accountGroupKey(info.key), group.aid);
    await this.reconnectWith(info, group);
  }

  /** Rebuilds the client after timeout or proxy settings changed. */
  applySettings(): Promise<void> {
    return this.serialized(() => this.applySettingsNow());
  }

  private async applySettingsNow(): Promise<void> {
    const info = this.info;
    if (info) await this.reconnectWith(info, info.accountGroup);
  }

  /**
   * netmon.apiVersion changed: the connection that is up reconnects in the dialect the setting
   * now names (demo mode restarts its emulator in it; a remote one under `auto` uses what was
   * detected for its base URL), and the log says so. Signed out, the next connection reads it.
   */
  applyApiVersion(): Promise<void> {
    return this.serialized(async () => {
      const info = this.info;
      if (!info) return;
      this.onInfo(
        `netmon.apiVersion is now ${readSettings().apiVersion}: reconnecting to ` +
          `${info.kind === 'demo' ? 'the demo emulator' : info.baseUrl}`,
      );
      if (info.kind === 'demo') await this.useDemoNow();
      else await this.restoreRemote();
    });
  }

  requireClient(): NetmonClient {
    if (!this.activeClient) throw new Error('Not signed in: run "Netmon: Sign In" or "Netmon: Use Demo Account" first');
    return this.activeClient;
  }

  async dispose(): Promise<void> {
    await this.disconnect();
    this.changed.dispose();
  }

  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work, work);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * The client goes live at once with the saved account group; the group lookup runs
   * beside the tree's first requests and only replaces the client when the saved group is gone.
   */
  private async connect(
    connecting: PendingClient,
    target: SignInInput & { kind: ConnectionKind; api: ApiChoice },
  ): Promise<ConnectionInfo> {
    const key = target.kind === 'demo' ? 'demo' : `${target.baseUrl}|${target.email}`;
    const credentials = credentialsFor(target.authForm, target.email, target.token);
    const savedAid = this.context.globalState.get<number>(accountGroupKey(key));
    let client: NetmonClient;
    try {
      client = this.createClient(target.baseUrl, credentials, savedAid, target.api.option);
    } catch (error) {
      this.failConnecting(connecting, error);
      throw error;
    }
    this.activeClient = client;
    this.credentials = credentials;
    const serviceKey = target.kind === 'demo' ? 'demo' : target.baseUrl;
    const knownApi =
      target.api.option === 'auto' ? undefined : { version: target.api.option, source: target.api.source };
    const info: ConnectionInfo = {
      kind: target.kind,
      baseUrl: target.baseUrl,
      authForm: target.authForm,
      email: target.email,
      key,
      serviceKey,
      accountGroup: undefined,
      api: knownApi,
    };
    this.info = info;
    connecting.resolve(client);
    this.fire();
    const groups = await client.listAccountGroups().then(
      (r) => r.accountGroups,
      () => [] as AccountGroup[],
    );
    if (this.activeClient !== client) return info;
    info.api ??= await this.detectedApi(client, target.baseUrl);
    if (this.activeClient !== client) return info;
    const apiInUse = info.api
      ? apiInUseText(info.api)
      : 'an API version not yet known (the detection read failed; it is tried again with the next request)';
    this.onInfo(`Connected to ${target.kind === 'demo' ? 'the demo emulator' : target.baseUrl} using ${apiInUse}`);
    const group = pickAccountGroup(groups, savedAid);
    if (savedAid !== undefined && group?.aid !== savedAid) {
      // The saved group is gone (or this user lost access): fall back to the default one.
      await this.replaceClient({ ...info, accountGroup: group }, undefined);
    } else {
      this.info = { ...info, accountGroup: group };
      this.fire();
    }
    return this.info ?? info;
  }

  /** The detection's answer (already settled by the first request), remembered for this base URL. */
  private async detectedApi(client: NetmonClient, baseUrl: string): Promise<ApiInUse | undefined> {
    const version = await client.apiVersion().catch(() => undefined);
    if (!version) return undefined;
    await rememberApiVersion(this.context.globalState, baseUrl, version);
    return { version, source: 'detected' };
  }

  private async reconnectWith(info: ConnectionInfo, group: AccountGroup | undefined): Promise<void> {
    await this.replaceClient({ ...info, accountGroup: group }, group?.aid);
  }

  private async replaceClient(info: ConnectionInfo, aid: number | undefined): Promise<void> {
    if (!this.credentials) return;
    const previous = this.activeClient;
    // The same dialect as before: a changed netmon.apiVersion reconnects (applyApiVersion).
    const client = this.createClient(info.baseUrl, this.credentials, aid, info.api?.version ?? 'auto');
    this.activeClient = client;
    this.clientPromise = Promise.resolve(client);
    this.info = info;
    await previous?.close();
    this.fire();
  }

  private createClient(
    baseUrl: string,
    credentials: Credentials,
    aid: number | undefined,
    apiVersion: ApiVersionSetting,
  ): NetmonClient {
    const settings = readSettings();
    return this.createNetmonClient({
      baseUrl,
      credentials,
      aid,
      apiVersion,
      timeoutMs: settings.timeoutMs,
      proxy: settings.proxy,
      onRequest: this.onRequest,
      onWarning: this.onWarning,
    });
  }

  private async disconnect(): Promise<void> {
    const client = this.activeClient;
    const demo = this.demo;
    this.activeClient = undefined;
    this.clientPromise = undefined;
    this.credentials = undefined;
    this.demo = undefined;
    this.info = undefined;
    await client?.close().catch(() => undefined);
    await demo?.close().catch(() => undefined);
  }

  private fire(): void {
    void vscode.commands.executeCommand('setContext', 'netmon.connected', this.info !== undefined);
    void vscode.commands.executeCommand('setContext', 'netmon.demo', this.info?.kind === 'demo');
    this.changed.fire(this.info);
  }
}

function credentialsFor(authForm: AuthForm, email: string, token: string): Credentials {
  if (authForm === 'basic') return { kind: 'basic', email, token };
  return { kind: authForm, token };
}
