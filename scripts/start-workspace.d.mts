export function persistentWorkspace(env?: Record<string, string | undefined>): string;
export function filesIn(folder: string): string[];
export function seedExamples(workspace: string, examplesDir: string): string[];
export function rescueUserFiles(
  workspace: string,
  keptRoot: string,
  now?: Date,
  examplesDir?: string,
): { kept: string; files: string[] } | undefined;
