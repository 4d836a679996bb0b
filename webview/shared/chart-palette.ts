// The series colours of the metrics charts, in order: theme chart colours first. The
// instant-results bars use the same order for the same HTTP phases, so a phase has one colour.
export const CHART_PALETTE: readonly (readonly [variable: string, fallback: string])[] = [
  ['--vscode-charts-blue', '#3794ff'], ['--vscode-charts-green', '#89d185'], ['--vscode-charts-orange', '#d18616'],
  ['--vscode-charts-purple', '#b180d7'], ['--vscode-charts-yellow', '#cca700'], ['--vscode-charts-red', '#f14c4c'],
  ['', '#4ec9b0'], ['', '#c586c0'], ['', '#9cdcfe'], ['', '#ce9178'],
];

/** A palette entry as a CSS value (`var(--x, fallback)`). */
export function paletteCss(index: number): string {
  const [variable, fallback] = CHART_PALETTE[index % CHART_PALETTE.length]!;
  return variable ? `var(${variable}, ${fallback})` : fallback;
}
