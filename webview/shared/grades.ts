// Grade colours shared by the panels: theme colours (testing, warning, error) with fallbacks,
// so high-contrast themes supply their own.
export const GRADE_COLORS: Record<string, string> = {
  ok: 'var(--vscode-testing-iconPassed, #2ea043)',
  warn: 'var(--vscode-editorWarning-foreground, #d29922)',
  bad: 'var(--vscode-editorError-foreground, #e5484d)',
  unknown: 'var(--vscode-descriptionForeground, #888)',
};
