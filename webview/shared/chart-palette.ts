// The series colours of the metrics charts, in order: theme chart colours first. The
// instant-results bars use the same order for the same HTTP phases, so a phase has one colour.
export const CHART_PALETTE: readonly (readonly [variable: string, fallback: string])[] = [
  ['--vscode-charts-blue', '#3794ff'],
  ['--vscode-charts-green', '#89d185'],
  ['--vscode-charts-orange', '#d18616'],
  ['--vscode-charts-purple', '#b180d7'],
  ['--vscode-charts-yellow', '#cca700'],
  ['--vscode-charts-red', '#f14c4c'],
  ['', '#4ec9b0'],
  ['', '#c586c0'],
  ['', '#9cdcfe'],
  ['', '#ce9178'],
];

/** A palette entry as a CSS value (`var(--x, fallback)`). */
export function paletteCss(index: number): string {
  const [variable, fallback] = CHART_PALETTE[index % CHART_PALETTE.length]!;
  return variable ? `var(${variable}, ${fallback})` : fallback;
}

/**
 * One colour per agent, told apart with colour-vision deficiencies (Okabe & Ito's palette),
 * and a dash pattern each as well, so colour is never the only difference.
 */
export const AGENT_COLORS: readonly string[] = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#F0E442',
  '#999999',
];
export const AGENT_DASHES: readonly (readonly number[])[] = [
  [],
  [8, 4],
  [2, 3],
  [10, 3, 2, 3],
  [4, 4],
  [12, 4, 2, 4, 2, 4],
];

/** The colour and dash of the i-th agent series (cycles beyond the lists; the pair repeats after 24). */
export function agentStyle(index: number): { color: string; dash: number[] } {
  return { color: AGENT_COLORS[index % AGENT_COLORS.length]!, dash: [...AGENT_DASHES[index % AGENT_DASHES.length]!] };
}
