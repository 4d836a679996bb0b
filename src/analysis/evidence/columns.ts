// Monospaced text with its values replaced (pseudonymised), its tables still lined up. The
// builders write their tables (the mtr-style hop table, the path diff) as padded text; a
// stand-in is seldom as long as the value it replaces, so a plain replacement shifts every
// column after it. Here each table is read back into cells by its gutters (character columns
// blank on every line of the block), each cell is replaced on its own and the table is padded
// again. Knows nothing of the mtr format: any block of lines with common gutters is a table.

/** A gutter between two columns is at least this wide (the builders put two spaces between cells). */
const MIN_GUTTER = 2;
/** Columns laid out again at most: a block with more is no table of ours, and is replaced as plain text. */
const MAX_COLUMNS = 24;

interface Column {
  start: number;
  end: number;
  right: boolean;
}

/** `text` with `replace` applied to every line; the columns of each table in it padded again to the new widths. */
export function alignedText(text: string, replace: (value: string) => string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length;) {
    let end = i;
    while (end < lines.length && lines[end]!.trim() !== '') end++;
    if (end === i) out.push(replace(lines[i++]!));
    else {
      out.push(...alignedBlock(lines.slice(i, end), replace));
      i = end;
    }
  }
  return out.join('\n');
}

/** One block of non-blank lines: laid out again when it is a table, else replaced line by line. */
function alignedBlock(lines: readonly string[], replace: (value: string) => string): string[] {
  const plain = lines.map(replace);
  const columns = lines.length > 1 ? tableColumns(lines) : [];
  if (columns.length < 2 || columns.length > MAX_COLUMNS) return plain;
  const cells = lines.map((line) => columns.map((c) => replace(line.slice(c.start, c.end).trim())));
  const aligned = padded(lines, columns, cells);
  // A value split over two cells (a name with two spaces in it) would escape the cell-wise replacement: the
  // table then stays as the plain replacement made it, misaligned but with nothing left of the value.
  return aligned.every((line, i) => sameWords(line, plain[i]!)) ? aligned : plain;
}

/** The columns of a block: runs of characters separated by gutters; none when it has no gutter. */
function tableColumns(lines: readonly string[]): Column[] {
  const width = Math.max(...lines.map((l) => l.length));
  const used = new Uint8Array(width);
  for (const line of lines) for (let p = 0; p < line.length; p++) if (line[p] !== ' ') used[p] = 1;
  const spans: { start: number; end: number }[] = [];
  for (let p = 0; p < width;) {
    while (p < width && !used[p]) p++;
    const start = p;
    let gap = 0;
    // A run of blanks narrower than a gutter (the space in "ASN / network") is part of the column.
    while (p < width && (used[p] || (gap = blanksFrom(used, p)) < MIN_GUTTER)) p += used[p] ? 1 : gap;
    if (p > start) spans.push({ start, end: p });
    if (spans.length > MAX_COLUMNS) break;
  }
  return spans.map((span) => ({ ...span, right: isRightAligned(lines, span) }));
}

function blanksFrom(used: Uint8Array, p: number): number {
  let q = p;
  while (q < used.length && !used[q]) q++;
  return q === used.length ? Number.POSITIVE_INFINITY : q - p;
}

/** Right-aligned: some cell does not start at the column's left edge, and every cell ends at its right edge. */
function isRightAligned(lines: readonly string[], span: { start: number; end: number }): boolean {
  const cells = lines.map((l) => l.slice(span.start, span.end)).filter((c) => c.trim() !== '');
  return (
    cells.some((c) => c.startsWith(' ')) && cells.every((c) => c.length === span.end - span.start && !c.endsWith(' '))
  );
}

/** The cells padded to their column's new width, the gutters and any indent kept as they were. */
function padded(lines: readonly string[], columns: readonly Column[], cells: readonly string[][]): string[] {
  const widths = columns.map((_, c) => Math.max(...cells.map((row) => row[c]!.length)));
  const indent = ' '.repeat(columns[0]!.start);
  const gutters = columns.map((c, i) => (i === 0 ? '' : ' '.repeat(c.start - columns[i - 1]!.end)));
  return lines.map((_, r) =>
    (
      indent +
      columns
        .map((column, c) => {
          const cell = cells[r]![c]!;
          return gutters[c] + (column.right ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!));
        })
        .join('')
    ).trimEnd(),
  );
}

/** The same text but for the blanks between words. */
function sameWords(a: string, b: string): boolean {
  return a.trim().split(/\s+/).join(' ') === b.trim().split(/\s+/).join(' ');
}
