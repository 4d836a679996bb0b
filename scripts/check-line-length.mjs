// Prettier wraps code at 120 columns but leaves long strings, regular expressions and comments as they are: this
// check holds every line of src/ and webview/ to 120 characters (code points, as an editor counts columns), except
// in generated files (those named *.generated.ts).
//
//   node scripts/check-line-length.mjs   exit 1 and one line per file with its longest lines
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export const MAX_COLUMNS = 120;
const ROOTS = ['src', 'webview'];
const SOURCE = /\.(ts|mts|js|mjs|css|html)$/;
const GENERATED = /\.generated\.ts$/;

/** The 1-based numbers of the lines of `text` longer than MAX_COLUMNS characters. */
export function longLines(text) {
  const found = [];
  text.split('\n').forEach((line, index) => {
    if (line.length > MAX_COLUMNS && [...line].length > MAX_COLUMNS) found.push(index + 1);
  });
  return found;
}

function main() {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...ROOTS], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => SOURCE.test(file) && !GENERATED.test(file));
  let count = 0;
  for (const file of files) {
    const lines = longLines(readFileSync(file, 'utf8'));
    if (lines.length === 0) continue;
    count += lines.length;
    console.log(`${file}: line${lines.length === 1 ? '' : 's'} ${lines.slice(0, 10).join(', ')} over ${MAX_COLUMNS}`);
  }
  console.log(
    count === 0
      ? `check-line-length: no line of ${ROOTS.join('/ or ')}/ over ${MAX_COLUMNS} columns`
      : `check-line-length: ${count} line(s) over ${MAX_COLUMNS} columns`,
  );
  process.exitCode = count === 0 ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) main();
