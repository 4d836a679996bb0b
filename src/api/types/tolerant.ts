// Fields that real services send in more than one shape. The analysis reads them through
// these functions, never by assuming the emulator's shape.

/**
 * MPLS labels of a hop: an array of label strings (the emulator, some exports) or one
 * string for one label (`"L=24001,E=0,S=1,T=1"`, the live service). Anything else: none.
 */
export function mplsLabels(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() === '' ? [] : [value.trim()];
  if (Array.isArray(value))
    return value
      .filter((label): label is string => typeof label === 'string' && label.trim() !== '')
      .map((label) => label.trim());
  return [];
}

/**
 * The error of a failed measurement: the documentation says a failed ping or traceroute
 * "contains only a string error parameter", which services send as the bare string or as
 * `{ "error": "…" }`. undefined when the value is a measurement.
 */
export function measurementError(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const error = (value as Record<string, unknown>)['error'];
    if (typeof error === 'string' && Object.keys(value).length === 1) return error;
  }
  return undefined;
}

/**
 * A flag as services and people write it: a boolean, 1 or 0, or one of the words true/false,
 * 1/0, yes/no, on/off (any case, blanks around them ignored; v6's XML and hand-written bodies
 * send text). undefined for anything else, so each caller says what absent means.
 */
export function tolerantFlag(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value !== 'string' || value.length > 8) return undefined;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return undefined;
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off']);
