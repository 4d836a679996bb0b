// Panel styles as a constructed stylesheet: no <style> element, so a strict CSP
// (no 'unsafe-inline') in VS Code and in the offline report still lets them apply.
export function adoptStyles(css: string): void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(`${css}\n${REDUCED_MOTION}`);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

/** Every panel honours the system's reduced-motion setting (the Lit controls animate focus and menus). */
const REDUCED_MOTION = `@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { animation-duration: 0s !important; transition-duration: 0s !important;
    scroll-behavior: auto !important; }
}`;
