export const RECENT_DAYS: number;
export function datesIn(line: string): { text: string; ms: number }[];
export function isRecent(dateMs: number, writtenMs: number): boolean;
export function checkTestClock(root: string, nowMs?: number): string[];
