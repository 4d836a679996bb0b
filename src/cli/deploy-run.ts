// What `netmon plan` and `netmon apply` share on the command line: --include-examples, the line
// naming the example documents left out, and the deploy run opened from the account flags
// (the run itself is src/workflows/deploy-run.ts).
import { terminalSafe } from '../analysis/text/untrusted';
import { DEFAULT_PLAN_EXCLUDED_FOLDERS } from '../documents/plan-scope';
import { displayPath } from '../workflows/files';
import { planDeployRun, readTestDocuments, type DeployRun } from '../workflows/deploy-run';
import { openAccount, type AccountFlags } from './account';
import type { CliIo } from './io';

export const INCLUDE_EXAMPLES_FLAG = '--include-examples';
export const INCLUDE_EXAMPLES_USAGE =
  `  ${INCLUDE_EXAMPLES_FLAG} also take the documents under folders named ` +
  `${DEFAULT_PLAN_EXCLUDED_FOLDERS.map((f) => `"${f}"`).join(', ')}
                   (left out by default, as in the editor: examples are not for deploying);
                   naming such a folder itself, or a file in it, includes it too`;

/** The line saying which example documents were left out, or none. */
export function leftOutLine(run: Pick<DeployRun, 'excluded' | 'name'>): string[] {
  if (run.excluded.length === 0) return [];
  const shown = run.excluded
    .slice(0, 6)
    .map((uri) => run.name(uri))
    .join(', ');
  const more = run.excluded.length > 6 ? ` and ${run.excluded.length - 6} more` : '';
  return [
    `Left out (example folders): ${shown}${more}. Name that folder, or pass ${INCLUDE_EXAMPLES_FLAG}, to include them.`,
  ];
}

export async function openDeployRun(
  patterns: readonly string[],
  flags: AccountFlags,
  io: CliIo,
  includeExamples = false,
): Promise<DeployRun> {
  const read = await readTestDocuments(patterns, io.cwd, includeExamples);
  const account = await openAccount(flags, io.env);
  try {
    return await planDeployRun(account, read, (uri) => terminalSafe(displayPath(uri, io.cwd)));
  } catch (error) {
    await account.close();
    throw error;
  }
}
