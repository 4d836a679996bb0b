// `netmon import --rules <folder> [account]`: the account's alert rules as documents in the
// folder (src/workflows/import-rules.ts), one per rule, its tests by name; `--windows <folder>`
// the same of its suppression windows (src/workflows/import-windows.ts). Importing again writes
// nothing; then `netmon plan <folder>` shows no change. Exit code 0 imported (or nothing new),
// 2 not imported (usage, connection, a v6 account).
import { resolve } from 'node:path';
import { terminalSafe } from '../analysis/text/untrusted';
import { displayPath } from '../workflows/files';
import { importRules } from '../workflows/import-rules';
import { importWindows } from '../workflows/import-windows';
import { ACCOUNT_USAGE, openAccount, takeAccountFlags, UsageError } from './account';
import { processIo, reportFailure, type CliIo } from './io';

export const IMPORT_USAGE = `usage: netmon import --rules <folder> [account]
       netmon import --windows <folder> [account]
  Writes each alert rule (or suppression window) of the account (v7) as a document, its tests by
  name; never overwrites.
${ACCOUNT_USAGE}`;

export async function runImport(args: readonly string[], io: CliIo = processIo()): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(IMPORT_USAGE);
    return 0;
  }
  let folder: string;
  let what: '--rules' | '--windows';
  let flags: ReturnType<typeof takeAccountFlags>['flags'];
  try {
    const taken = takeAccountFlags(args);
    flags = taken.flags;
    what = taken.rest.includes('--windows') ? '--windows' : '--rules';
    const at = taken.rest.indexOf(what);
    const named = at < 0 ? undefined : taken.rest[at + 1];
    if (named === undefined || named.startsWith('-'))
      throw new UsageError('name the folder: --rules <folder> or --windows <folder>');
    const others = taken.rest.filter((_arg, index) => index !== at && index !== at + 1);
    if (others.length > 0) throw new UsageError(`unexpected ${others[0] ?? ''}`);
    folder = named;
  } catch (error) {
    return reportFailure('import', error, IMPORT_USAGE, io);
  }
  try {
    const account = await openAccount(flags, io.env);
    try {
      const at = resolve(io.cwd, folder);
      const result =
        what === '--rules'
          ? await importRules(account, at)
          : await importWindows(account, at).then(({ leftAlone, ...rest }) => ({
              ...rest,
              leftAlone: leftAlone.map((w) => ({ ruleName: w.name, reason: w.reason })),
            }));
      if (result.needsV7) {
        io.stderr(`netmon import: ${result.needsV7}`);
        return 2;
      }
      const name = (file: string): string => terminalSafe(displayPath(file, io.cwd));
      for (const file of result.written) io.stdout(`wrote ${name(file)}`);
      for (const rule of result.leftAlone)
        io.stdout(terminalSafe(`left alone ${JSON.stringify(rule.ruleName)}: ${rule.reason}`));
      io.stderr(
        `netmon import: ${result.written.length} written, ${result.unchanged.length} unchanged, ` +
          `${result.leftAlone.length} left alone.`,
      );
      return 0;
    } finally {
      await account.close();
    }
  } catch (error) {
    return reportFailure('import', error, IMPORT_USAGE, io);
  }
}
