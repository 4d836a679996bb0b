// Panel styles as a constructed stylesheet: no <style> element, so a strict CSP
// (no 'unsafe-inline') in VS Code and in the offline report still lets them apply.
export function adoptStyles(css: string): void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}
