export function persistentWorkspace(env?: Record<string, string | undefined>): string;
export function filesIn(folder: string): string[];
export function rescueUserFiles(workspace: string, keptRoot: string, now?: Date): { kept: string; files: string[] } | undefined;
