// The account a CLI command talks to: --base-url (or NETMON_BASE_URL) with NETMON_TOKEN
// (+ NETMON_EMAIL for Basic), or --emulator for the embedded emulator (a dry run in CI).
// Bindings are recorded under the same service key and account group as the editor uses.
import { printLine } from './io';
import { terminalSafe } from '../analysis/text/untrusted';
import {
  API_VERSION_SETTINGS,
  createNetmonClient,
  pickAccountGroup,
  type ApiVersionSetting,
  type Credentials,
  type NetmonClient,
} from '../api';
import { DEFAULT_AID } from '../documents/binding';
import { DEMO_CREDENTIALS, startEmulator } from '../emulator';

export const ACCOUNT_FLAGS = ['--base-url', '--aid', '--api'] as const;

export const ACCOUNT_USAGE = `  --base-url URL   the API (or NETMON_BASE_URL); the token comes from NETMON_TOKEN,
                   with NETMON_EMAIL set the Basic form is used; neither is ever printed
  --aid N          account group (default: the one the service marks current, as the editor)
  --emulator       start the embedded emulator (demo data) instead: a dry run needing no account;
                   it speaks v7, as accounts do today (v6 with --api v6)
  --api auto|v7|v6 the API version to speak (default auto: one small v7 read decides)
  --verbose        say on stderr which API version is in use`;

export interface AccountFlags {
  baseUrl?: string;
  aid?: string;
  emulator: boolean;
  api?: ApiVersionSetting;
  verbose?: boolean;
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

export async function openAccount(
  flags: AccountFlags,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void = (line) => printLine(process.stderr, line),
): Promise<Account> {
  const account = await openAccountOf(flags, env);
  if (flags.verbose) {
    const version = await account.client.apiVersion();
    const how = flags.emulator
      ? 'as the emulator states'
      : (flags.api ?? 'auto') === 'auto'
        ? 'detected'
        : 'as --api says';
    log(`netmon: ${terminalSafe(account.label)} speaks API ${version} (${how})`);
  }
  return account;
}

async function openAccountOf(flags: AccountFlags, env: NodeJS.ProcessEnv): Promise<Account> {
  if (flags.aid !== undefined && !/^[0-9]+$/.test(flags.aid))
    throw new UsageError(`--aid ${flags.aid} is not an account group id`);
  if (flags.emulator) {
    // v7, what every account speaks today, unless --api v6 asks for the older dialect; the
    // emulator states its dialect, so the client never probes it.
    const api = flags.api === 'v6' ? 'v6' : 'v7';
    const emulator = await startEmulator({ port: 0, api });
    const client = createNetmonClient({
      baseUrl: emulator.url,
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
      apiVersion: api,
      ...(flags.aid ? { aid: flags.aid } : {}),
    });
    return withGroup(client, 'demo', flags.aid, 'the embedded emulator', async () => {
      await client.close();
      await emulator.close();
    });
  }
  const baseUrl = flags.baseUrl ?? env['NETMON_BASE_URL'];
  if (!baseUrl || !/^https?:\/\/[^/]/.test(baseUrl))
    throw new UsageError('--base-url (or NETMON_BASE_URL) must be an http(s) URL, or use --emulator');
  const token = env['NETMON_TOKEN'];
  if (!token) throw new UsageError('set NETMON_TOKEN to the API token (it is never printed or saved)');
  const email = env['NETMON_EMAIL'];
  const credentials: Credentials = email ? { kind: 'basic', email, token } : { kind: 'bearer', token };
  const client = createNetmonClient({
    baseUrl,
    credentials,
    apiVersion: flags.api ?? 'auto',
    ...(flags.aid ? { aid: flags.aid } : {}),
  });
  return withGroup(client, baseUrl, flags.aid, baseUrl, () => client.close());
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

/** A mistake in how the command was called: exit code 2 with the usage. */
export class UsageError extends Error {}

function apiSetting(value: string): ApiVersionSetting {
  const setting = API_VERSION_SETTINGS.find((known) => known === value);
  if (!setting) throw new UsageError(`--api must be auto, v7 or v6 (not ${JSON.stringify(value.slice(0, 20))})`);
  return setting;
}

/** Reads the account flags out of `args`; returns the rest. */
export function takeAccountFlags(args: readonly string[]): { flags: AccountFlags; rest: string[] } {
  const flags: AccountFlags = { emulator: false };
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--emulator') flags.emulator = true;
    else if (arg === '--verbose') flags.verbose = true;
    else if (arg === '--base-url' || arg === '--aid' || arg === '--api') {
      const value = args[++i];
      if (value === undefined) throw new UsageError(`${arg} needs a value`);
      if (arg === '--base-url') flags.baseUrl = value;
      else if (arg === '--aid') flags.aid = value;
      else flags.api = apiSetting(value);
    } else rest.push(arg);
  }
  return { flags, rest };
}
