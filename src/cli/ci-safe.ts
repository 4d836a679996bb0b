// What the CLI prints is read by a terminal and, in CI, by a runner that executes lines of the
// log as commands (GitHub Actions: `::error …`, `::add-mask::`, `::stop-commands::` at the start
// of a line, leading space ignored; Azure Pipelines: `##vso[` anywhere in a line, `##[` at its
// start). Document fields and API strings reach the output, so every print goes through
// `cliText` (src/cli/io.ts), and the structured forms (JSON, SARIF, JUnit XML) escape the same
// characters with their own encoders, which leaves them exact: a parser reads what was meant,
// and `cliText` finds nothing left to change in them.

/** C0/C1 controls but tab and newline (ESC, CR, BEL, CSI…), bidirectional overrides and line/paragraph separators. */
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g; // eslint-disable-line no-control-regex
const ZERO_WIDTH_SPACE = '\u200B';
/** A line a runner would take as a command: `::` or `##[` after leading space. */
const COMMAND_LINE_START = /^([ \t]*)(::|##\[)/gm;
const AZURE_COMMAND = /##vso\[/gi;

/** Text for a terminal and a CI log: controls dropped, runner commands broken by a zero-width space (it reads the same). */
export function cliText(text: string): string {
  return text
    .replace(CONTROLS, '')
    .replace(AZURE_COMMAND, (match) => `#${ZERO_WIDTH_SPACE}${match.slice(1)}`)
    .replace(COMMAND_LINE_START, (_match, space: string, command: string) => `${space}${command[0]}${ZERO_WIDTH_SPACE}${command.slice(1)}`);
}

/** JSON that parses to exactly `value` and holds nothing `cliText` would change: those characters are \u-escaped. */
export function ciJson(value: unknown): string {
  return JSON.stringify(value, null, 2)
    .replace(CONTROLS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
    // `##` only ever appears inside a JSON string, where \u0023 is the same '#'.
    .replace(/##/g, '#\\u0023');
}

/**
 * XML text and attribute content: markup escaped, characters XML 1.0 cannot carry dropped,
 * and line breaks, C1 controls and the second `#` of `##` as character references, so no line
 * of the document starts with something a runner executes and a parser reads the text exactly.
 */
export function ciXml(text: string): string {
  return text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')
    .replace(/[\n\r\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (char) => `&#${char.charCodeAt(0)};`)
    .replace(/##/g, '#&#35;');
}
