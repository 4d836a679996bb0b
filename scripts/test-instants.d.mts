export const AWKWARD_INSTANTS: { name: string; now: string; tz: string }[];
export function clockEnvironment(env: NodeJS.ProcessEnv, clockModuleUrl: string): NodeJS.ProcessEnv;
