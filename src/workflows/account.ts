// The account a use case talks to: a service with its token (bearer, or Basic with an email), or
// the embedded emulator (a dry run needing no account), and the account group its documents'
// bindings are recorded under: the same service key and group as the editor uses.
import {
  createNetmonClient,
  pickAccountGroup,
  type ApiVersionSetting,
  type Credentials,
  type NetmonClient,
} from '../api';
import { DEFAULT_AID } from '../documents/binding';
import type * as Emulator from '../emulator';
import { InputError } from './input-error';

/** Where to connect, as plain values (the CLI reads them from flags and the environment). */
export interface AccountSettings {
  baseUrl?: string;
  token?: string;
  /** With a token, the Basic form (email:token) instead of a bearer token. */
  email?: string;
  aid?: string;
  emulator: boolean;
  api?: ApiVersionSetting;
}

export interface Account {
  client: NetmonClient;
  /** The key documents record their bindings under ("demo" for the emulator). */
  serviceKey: string;
  /** The account group key of the bindings. */
  aidKey: string;
  /** Sent as `aid` when the user named a group. */
  requestAid: string | undefined;
  /** For messages: where the changes go. */
  label: string;
  close(): Promise<void>;
}

export async function openAccount(settings: AccountSettings): Promise<Account> {
  const { aid } = settings;
  if (aid !== undefined && !/^[0-9]+$/.test(aid))
    throw new InputError('aid', (n) => `${n('aid')} ${aid} is not an account group id`);
  if (settings.emulator) {
    // v7, what every account speaks today, unless v6 is asked for; the emulator states its
    // dialect, so the client never probes it.
    const api = settings.api === 'v6' ? 'v6' : 'v7';
    const { DEMO_CREDENTIALS, startEmulator } = emulatorModule();
    const emulator = await startEmulator({ port: 0, api });
    const client = createNetmonClient({
      baseUrl: emulator.url,
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
      apiVersion: api,
      ...(aid ? { aid } : {}),
    });
    return withGroup(client, 'demo', aid, 'the embedded emulator', async () => {
      await client.close();
      await emulator.close();
    });
  }
  const { baseUrl, token, email } = settings;
  if (!baseUrl || !/^https?:\/\/[^/]/.test(baseUrl))
    throw new InputError('baseUrl', (n) => `${n('baseUrl')} must be an http(s) URL, or use ${n('emulator')}`);
  if (!token) throw new InputError('token', (n) => `set ${n('token')} to the API token (it is never printed or saved)`);
  const credentials: Credentials = email ? { kind: 'basic', email, token } : { kind: 'bearer', token };
  const client = createNetmonClient({
    baseUrl,
    credentials,
    apiVersion: settings.api ?? 'auto',
    ...(aid ? { aid } : {}),
  });
  return withGroup(client, baseUrl, aid, baseUrl, () => client.close());
}

/**
 * The embedded emulator, loaded only when an account asks for it (--emulator) and not with the
 * commands: in dist/cli-lib.js this is dist/emulator-lib.js beside it (esbuild.mjs), one module per
 * process by Node's require cache. A require, not import(): the extension runs cli-lib in a vm.Script.
 */
function emulatorModule(): typeof Emulator {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the lazy load is the point
  return require('../emulator') as typeof Emulator;
}

async function withGroup(
  client: NetmonClient,
  serviceKey: string,
  aid: string | undefined,
  where: string,
  close: () => Promise<void>,
): Promise<Account> {
  if (aid !== undefined)
    return { client, serviceKey, aidKey: aid, requestAid: aid, label: `${where}, account group ${aid}`, close };
  // As the editor does: the group the service marks current; no groups → the default key.
  const groups = await client.listAccountGroups().then(
    (r) => r.accountGroups,
    () => [],
  );
  const group = pickAccountGroup(groups);
  return {
    client,
    serviceKey,
    aidKey: group ? String(group.aid) : DEFAULT_AID,
    requestAid: undefined,
    label: group ? `${where}, ${group.accountGroupName} (${group.aid})` : where,
    close,
  };
}
