export const MAX_COLUMNS: number;
export function longLines(text: string): number[];
