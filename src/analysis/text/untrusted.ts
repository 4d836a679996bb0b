// One rule for showing text that came from outside (file names, document fields, API
// strings, HAR content) where a host would interpret it: VS Code notifications render
// `[label](command:id?args)` as a link that runs the command, quick picks, tree items and
// the status bar render `$(icon)`, and a terminal obeys escape sequences. Every such place
// passes outside text through here, so the text reads the same but does nothing.

/** C0/C1 control characters (tab and newline aside) and bidirectional overrides. */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const ZERO_WIDTH_SPACE = '\u200B';

/**
 * Text that looks the same and cannot act: no link syntax (`](` is split by a zero-width
 * space, so no `[label](target)` pattern survives), no `$(icon)` syntax, no control
 * characters. Newlines and tabs stay: the caller decides the layout.
 */
export function neutralize(text: string): string {
  return text
    .replace(CONTROLS, '')
    .replace(/\]\s*\(/g, (match) => `]${ZERO_WIDTH_SPACE}${match.slice(1)}`)
    .replace(/\$\(/g, `$${ZERO_WIDTH_SPACE}(`);
}

/** A neutralised single line of at most `maxLength` characters, for labels and quoted names. */
export function untrustedLine(text: unknown, maxLength = 200): string {
  const line = neutralize(String(text)).replace(/[\r\n\t\u2028\u2029]+/g, ' ');
  return line.length > maxLength ? `${line.slice(0, maxLength - 1)}…` : line;
}

/** Terminal output: no escape sequences or other control characters (newlines and tabs stay). */
export function terminalSafe(text: string): string {
  return text.replace(CONTROLS, '');
}

/** True when `text` holds something `neutralize` would change (for tests and lint checks). */
export function hasActiveSyntax(text: string): boolean {
  return neutralize(text) !== text;
}

/**
 * Outside text for a read-only editor view or a table cell: one line, runs of space and control characters collapsed.
 */
export function editorLine(text: unknown): string {
  if (typeof text !== 'string') return typeof text === 'number' ? String(text) : '';
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ').trim();
}
