// How the CLI names the fields of a use case's input: by the flag (or environment variable) a
// person types. A use case's InputError names its field; this table turns it into the flag when
// the CLI prints it (the tools have their own table, src/tools/args.ts).
import { InputError } from '../workflows/input-error';

/** A mistake in how the command was called: exit code 2 with the usage. */
export class UsageError extends Error {}

const FLAGS: Record<string, string> = {
  window: '--window',
  from: '--from',
  to: '--to',
  range: '--range',
  test: '--test',
  round: '--round',
  against: '--against',
  rounds: '--rounds',
  targetAt: '--target-at',
  baseUrl: '--base-url (or NETMON_BASE_URL)',
  aid: '--aid',
  api: '--api',
  emulator: '--emulator',
  token: 'NETMON_TOKEN',
  adopt: '--adopt',
  includeExamples: '--include-examples',
  allowReplace: '--allow-replace',
};

/** The flag of a field; a field with no flag (a positional argument) keeps its name. */
export function flagOf(field: string): string {
  return FLAGS[field] ?? field;
}

/** A usage mistake or a use case's input error as the CLI says it, else undefined. */
export function usageMessage(error: unknown): string | undefined {
  if (error instanceof UsageError) return error.message;
  if (error instanceof InputError) return error.saidWith(flagOf);
  return undefined;
}
