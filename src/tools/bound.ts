// Answers are bounded: a list is cut at a cap and the answer says what was left out, and the
// whole answer has a size cap a model's context can afford.

/** Characters of text in an answer, at most. */
export const MAX_TEXT_CHARS = 12_000;
/** Characters of the JSON answer, at most (a model reads it too). */
export const MAX_JSON_CHARS = 48_000;

export interface Capped<T> {
  items: T[];
  omitted: number;
}

export function capList<T>(items: readonly T[], max: number): Capped<T> {
  return { items: items.slice(0, max), omitted: Math.max(0, items.length - max) };
}

/** "(12 more left out: narrow the range or ask for fewer)" or nothing. */
export function omittedNote(omitted: number, what: string, how = 'narrow the question'): string[] {
  return omitted > 0 ? [`(${omitted} more ${what} left out: ${how})`] : [];
}

/** The text cut at MAX_TEXT_CHARS on a line boundary, saying how much was left out. */
export function boundedText(text: string, max = MAX_TEXT_CHARS): string {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf('\n', max);
  const kept = text.slice(0, cut > 0 ? cut : max);
  const left = text.length - kept.length;
  // A fence cut open is closed again, so the rest of the answer is never read as inside it.
  const openFences =
    (kept.match(/^<<<UNTRUSTED DATA/gm) ?? []).length - (kept.match(/^END UNTRUSTED DATA>>>$/gm) ?? []).length;
  return (
    `${kept}${openFences > 0 ? '\nEND UNTRUSTED DATA>>>' : ''}\n(answer cut: ${left.toLocaleString('en-US')} ` +
    `more characters left out; ask a narrower question)`
  );
}

/** The JSON answer, or when it is too large a note instead of its heaviest parts. */
export function boundedData(data: Record<string, unknown>, max = MAX_JSON_CHARS): Record<string, unknown> {
  const size = JSON.stringify(data).length;
  if (size <= max) return data;
  const kept: Record<string, unknown> = {};
  const dropped: string[] = [];
  const entries = Object.entries(data)
    .map(([key, value]) => ({ key, value, size: JSON.stringify(value ?? null).length }))
    .sort((a, b) => a.size - b.size);
  let total = 2;
  for (const entry of entries) {
    if (total + entry.size + entry.key.length + 4 > max - 200) {
      dropped.push(entry.key);
      continue;
    }
    kept[entry.key] = entry.value;
    total += entry.size + entry.key.length + 4;
  }
  return {
    ...kept,
    leftOut:
      `${dropped.join(', ')} left out: the whole answer was ${size.toLocaleString('en-US')} characters (cap ` +
      `${max.toLocaleString('en-US')})`,
  };
}
