// A model of how CI runners find commands in a step's log, written from their source, to check
// that nothing the CLI prints is one. It errs on the side of finding a command: a line the real
// runner would skip may still be flagged here, never the other way round.
//
// GitHub Actions (actions/runner): the step's output is read with StreamReader.ReadLine (a line
// ends at \n, \r or \r\n; Runner.Sdk/ProcessInvoker.cs), and each line goes to
// ActionCommand.TryParseV2 and TryParse (Runner.Common/ActionCommand.cs):
//  - `::name …::data`: the line after TrimStart() (.NET Char.IsWhiteSpace) StartsWith("::"),
//    the name read from index 2;
//  - `##[name …]data`: IndexOf("##[") anywhere in the line, the name read from that index + 3.
// StartsWith(string) and IndexOf(string) are culture-sensitive, and the runner does not run in
// invariant globalization mode, so ICU ignores characters such as U+200B inside the marker;
// the index arithmetic stays that of the plain marker. Both are modelled.
// Azure Pipelines: `##vso[area.event …]` anywhere in a line (any case, to be safe).

/** .NET Char.IsWhiteSpace: what String.TrimStart() removes. */
export const DOTNET_WHITESPACE = [
  '\t',
  '\n',
  '\u000b',
  '\f',
  '\r',
  ' ',
  '\u0085',
  '\u00a0',
  '\u1680',
  ...Array.from({ length: 11 }, (_, i) => String.fromCharCode(0x2000 + i)),
  '\u2028',
  '\u2029',
  '\u202f',
  '\u205f',
  '\u3000',
];
/** Every line break a log reader could split on (ReadLine takes \n, \r, \r\n; the others too, to be safe). */
export const LINE_BREAKS = ['\n', '\r', '\r\n', '\u000b', '\f', '\u0085', '\u2028', '\u2029'];

// eslint-disable-next-line no-control-regex
const LINE_BREAK = /\r\n|[\n\r\u000b\f\u0085\u2028\u2029]/;
/** Characters ICU collation may ignore in a culture-sensitive search (a superset). */
const IGNORABLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
/** A command name as the runner reads it: up to a space, the closing `::` or `]`. */
const COMMAND_NAME = /^[a-z][\w.-]*(?=[ :\]]|$)/i;

export interface RunnerCommand {
  runner: 'github' | 'azure';
  line: string;
}

/** The lines of `output` a GitHub or Azure runner could take as a command. */
export function runnerCommands(output: string): RunnerCommand[] {
  const found: RunnerCommand[] = [];
  for (const line of output.split(LINE_BREAK)) {
    if (githubCommand(line)) found.push({ runner: 'github', line });
    if (azureCommand(line)) found.push({ runner: 'azure', line });
  }
  return found;
}

function githubCommand(line: string): boolean {
  let start = 0;
  while (start < line.length && DOTNET_WHITESPACE.includes(line[start]!)) start++;
  const trimmed = line.slice(start);
  if (markerAt(trimmed, 0, '::') && COMMAND_NAME.test(trimmed.slice(2))) return true;
  return indexesOf(line, '##[').some((index) => COMMAND_NAME.test(line.slice(index + 3)));
}

function azureCommand(line: string): boolean {
  return /##vso\[/i.test(line) || indexesOf(line, '##vso[').some((index) => COMMAND_NAME.test(line.slice(index + 6)));
}

/** Every index a culture-sensitive IndexOf could report for `marker` (each, not only the first). */
function indexesOf(line: string, marker: string): number[] {
  return Array.from({ length: line.length }, (_, index) => index).filter((index) => markerAt(line, index, marker));
}

/** `marker` at `index`, case-insensitive, ignorable characters allowed before and between its characters. */
function markerAt(line: string, index: number, marker: string): boolean {
  let at = index;
  for (const char of marker) {
    while (at < line.length && IGNORABLE.test(line[at]!)) at++;
    if (line[at]?.toLowerCase() !== char) return false;
    at++;
  }
  return true;
}
