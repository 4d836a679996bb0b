// Grade colours of the panels: the theme colour ids the explorer uses (src/analysis/grades),
// as --vscode-* variables with fallbacks, so high-contrast themes supply their own.
import { GRADE_THEME_COLORS } from '../../src/analysis/grades';

const FALLBACKS: Record<string, string> = { ok: '#2ea043', warn: '#d29922', bad: '#e5484d', unknown: '#888' };

export const GRADE_COLORS: Record<string, string> = Object.fromEntries(
  Object.entries(GRADE_THEME_COLORS).map(([grade, id]) => [
    grade,
    `var(--vscode-${id.replace(/\./g, '-')}, ${FALLBACKS[grade]})`,
  ]),
);
