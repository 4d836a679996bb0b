export const SIZE_BUDGETS_KIB: Record<string, number>;
export interface BudgetResult {
  name: string;
  kib: number;
  budgetKiB: number;
  over: boolean;
  missing: boolean;
}
export interface Contributor {
  group: string;
  bytes: number;
}
export interface Metafile {
  outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
}
export function checkBudgets(sizes: Record<string, number>, budgetsKiB?: Record<string, number>): BudgetResult[];
export function topContributors(metafile: Metafile, outfile: string, count?: number): Contributor[];
export function budgetReport(
  results: BudgetResult[],
  contributorsOf?: (name: string) => Contributor[],
): { ok: boolean; lines: string[] };
