// A new document opens with its test name and its target as tab stops: the user types the
// name, Tab, the URL (or server, or domain) and saves — one edit. The file on disk is the
// same text without the tab stops, so it is valid and saved before the user types anything.

/** The fields a new document asks for first, in tab order (the first one present of each row). */
const PLACEHOLDER_FIELDS: readonly (readonly string[])[] = [
  ['testName'],
  ['url', 'server', 'serverName', 'domain', 'sipRegistrar', 'prefix'],
];

/**
 * `text` as a VS Code snippet whose string values of the placeholder fields are tab stops
 * ${1:…}, ${2:…}, the cursor ending after the document. Only the first occurrence of a field
 * written as `"field": "value"` at the start of a line counts (templates write them so).
 */
export function templateSnippet(text: string): string {
  const stops: { start: number; end: number }[] = [];
  for (const names of PLACEHOLDER_FIELDS) {
    const found = names.map((name) => valueRange(text, name)).find((range) => range !== undefined);
    if (found) stops.push(found);
  }
  stops.sort((a, b) => a.start - b.start);
  let snippet = '';
  let at = 0;
  stops.forEach((stop, index) => {
    const placeholder = escapePlaceholder(text.slice(stop.start, stop.end));
    snippet += `${escapeSnippet(text.slice(at, stop.start))}\${${index + 1}:${placeholder}}`;
    at = stop.end;
  });
  return `${snippet}${escapeSnippet(text.slice(at))}$0`;
}

/** The characters between the quotes of the first line starting `"name": "value"` (at any indent), escapes included. */
function valueRange(text: string, name: string): { start: number; end: number } | undefined {
  const key = `"${name}": "`;
  let keyAt = text.indexOf(key);
  while (keyAt >= 0 && !startsLine(text, keyAt)) keyAt = text.indexOf(key, keyAt + key.length);
  if (keyAt < 0) return undefined;
  const start = keyAt + key.length;
  // One pass to the closing quote of the JSON string, skipping escaped characters; bounded by the line.
  for (let i = start; i < text.length && text[i] !== '\n'; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return { start, end: i };
  }
  return undefined;
}

/** Snippet syntax: `$` and `\` are special everywhere, `}` closes a placeholder. */
function escapeSnippet(text: string): string {
  return text.replace(/[\\$}]/g, (c) => `\\${c}`);
}

function escapePlaceholder(text: string): string {
  return text.replace(/[\\$},|]/g, (c) => (c === ',' || c === '|' ? c : `\\${c}`));
}

/** Only spaces between the line's start and `at`. */
function startsLine(text: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && text[i] === ' ') i--;
  return i < 0 || text[i] === '\n';
}
