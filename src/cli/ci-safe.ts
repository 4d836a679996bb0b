// What the CLI prints is read by a terminal and, in CI, by a runner that executes lines of the
// log as commands. GitHub Actions (actions/runner, ActionCommand.cs) takes a line whose
// TrimStart() starts with `::` (TrimStart drops every .NET Char.IsWhiteSpace character, NBSP and
// U+3000 among them) and a `##[` anywhere in a line; Azure Pipelines takes `##vso[` anywhere.
// Document fields and API strings reach the output, so every print goes through `cliText`
// (src/cli/io.ts), and the structured forms (JSON, SARIF, JUnit XML) escape the same
// characters with their own encoders, which leaves them exact: a parser reads what was meant,
// and `cliText` finds nothing left to change in them.
//
// A zero-width space splits each marker, so the text reads the same. It is not whitespace to
// .NET (Trim keeps it), and where the runner's culture-sensitive StartsWith/IndexOf skip it, the
// runner still reads the command name at the marker's start + its length, which now lands on
// the marker's own last character (`:` or `[`): no command has that name.

/**
 * C0/C1 controls but tab and newline (ESC, CR, BEL, NEL, CSI…), bidirectional overrides and line/paragraph
 * separators.
 */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;
const ZERO_WIDTH_SPACE = '\u200B';
/** .NET Char.IsWhiteSpace: what the runner trims before looking for `::`. */
const DOTNET_WHITESPACE = '\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000';
/**
 * The first `:` of a `::` that starts a line once leading whitespace is trimmed. CONTROLS has
 * removed every other line break (\r, \v, \f, NEL, U+2028, U+2029) by then, so `\n` (and the
 * text's start) is the only line start left, whichever separators a runner splits on.
 */
const GITHUB_COMMAND = new RegExp(`^([${DOTNET_WHITESPACE}]*):(?=:)`, 'gm');
/** The first `#` of `##[` (GitHub; Azure's log formatting) or `##vso[` (Azure, any case), anywhere in a line. */
const HASH_COMMAND = /#(?=#(?:vso)?\[)/gi;

/**
 * Text for a terminal and a CI log: controls dropped, runner commands broken by a zero-width space (it reads the same).
 */
export function cliText(text: string): string {
  return text
    .replace(CONTROLS, '')
    .replace(HASH_COMMAND, `#${ZERO_WIDTH_SPACE}`)
    .replace(GITHUB_COMMAND, `$1:${ZERO_WIDTH_SPACE}`);
}

/** JSON that parses to exactly `value` and holds nothing `cliText` would change: those characters are \u-escaped. */
export function ciJson(value: unknown): string {
  return (
    JSON.stringify(value, null, 2)
      .replace(CONTROLS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
      // `##` only ever appears inside a JSON string, where \u0023 is the same '#'.
      .replace(/##/g, '#\\u0023')
  );
}

/**
 * XML text and attribute content: markup escaped, characters XML 1.0 cannot carry dropped,
 * and line breaks, C1 controls, the second `#` of `##` and a leading `::`'s first `:` as
 * character references: no raw line break, and nothing a runner executes even where a template
 * puts the text at a line's start; a parser reads it exactly.
 */
export function ciXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      .replace(
        /[\n\r\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
        (char) => `&#${char.charCodeAt(0)};`,
      )
      .replace(/##/g, '#&#35;')
      // No line break is left raw, so this `^` is the text's start only.
      .replace(GITHUB_COMMAND, '$1&#58;')
  );
}

/**
 * The one way the CLI writes a line of text to the terminal (or CI log). Here, beside cliText, so
 * that commands bundled alone (har redact's worker, har report) print safely without io.ts's imports.
 */
export function printLine(stream: NodeJS.WritableStream, line: string): void {
  stream.write(`${cliText(line)}\n`);
}
