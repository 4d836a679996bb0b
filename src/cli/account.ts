// The account flags of a CLI command: --base-url (or NETMON_BASE_URL) with NETMON_TOKEN
// (+ NETMON_EMAIL for Basic), or --emulator for the embedded emulator (a dry run in CI). The
// account itself is opened by src/workflows/account.ts; this reads the flags and says, with
// --verbose, which API version it speaks.
import { printLine } from './io';
import { terminalSafe } from '../analysis/text/untrusted';
import { API_VERSION_SETTINGS, type ApiVersionSetting } from '../api';
import { openAccount as openAccountOf, type Account } from '../workflows/account';
import { UsageError } from './flags';

export { UsageError } from './flags';
export type { Account } from '../workflows/account';

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

export async function openAccount(
  flags: AccountFlags,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void = (line) => printLine(process.stderr, line),
): Promise<Account> {
  const account = await openAccountOf({
    emulator: flags.emulator,
    ...(flags.aid === undefined ? {} : { aid: flags.aid }),
    ...(flags.api === undefined ? {} : { api: flags.api }),
    ...(flags.emulator ? {} : credentialsOf(flags, env)),
  });
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

/** The service and its token: the flag before the environment; the token only ever from the environment. */
function credentialsOf(
  flags: AccountFlags,
  env: NodeJS.ProcessEnv,
): { baseUrl?: string; token?: string; email?: string } {
  const baseUrl = flags.baseUrl ?? env['NETMON_BASE_URL'];
  const token = env['NETMON_TOKEN'];
  const email = env['NETMON_EMAIL'];
  return {
    ...(baseUrl === undefined ? {} : { baseUrl }),
    ...(token === undefined ? {} : { token }),
    ...(email === undefined ? {} : { email }),
  };
}

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
