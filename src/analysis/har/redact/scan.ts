// The stream redactor's scanner state and its one hot loop: finding where a captured JSON
// value ends, knowing only whether we are in a string, after a backslash, and how deep.
import type { HarContainer } from './har';

export type Frame =
  | { kind: HarContainer; expect: 'first-key' | 'key' | 'colon' | 'value' | 'comma'; key: string; members: number }
  | { kind: 'entries'; expect: 'first-value' | 'value' | 'comma'; count: number };

export interface Capture {
  purpose: 'key' | 'member' | 'entry';
  type: 'string' | 'container' | 'scalar';
  /** The raw text so far, one piece per chunk (joined once, when the value is complete). */
  parts: string[];
  chars: number;
  /** Offset of the value's first character in the whole text. */
  start: number;
  depth: number;
  inString: boolean;
  escape: boolean;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Advances `capture` over `chunk` from `i`; returns where it stopped and whether the value
 * ended there. A scalar ends before a delimiter (not consumed), a string after its closing
 * quote, a container after its closing bracket. `tooDeep` when brackets nest past `maxDepth`.
 */
export function captureChars(
  capture: Capture,
  chunk: string,
  i: number,
  maxDepth: number,
): { end: number; complete: boolean; tooDeep: boolean } {
  const n = chunk.length;
  if (capture.type === 'scalar') {
    let j = i;
    while (j < n && !isDelimiter(chunk.charCodeAt(j))) j++;
    return { end: j, complete: j < n, tooDeep: false };
  }
  let { depth, inString, escape } = capture;
  let j = i;
  let complete = false;
  let tooDeep = false;
  while (j < n) {
    if (inString) {
      if (escape) {
        escape = false;
        j++;
        continue;
      }
      // Most of a HAR is string contents: jump to the next quote or backslash.
      const quote = chunk.indexOf('"', j);
      if (quote < 0) {
        escape = oddBackslashesBefore(chunk, j, n);
        j = n;
        break;
      }
      if (oddBackslashesBefore(chunk, j, quote)) {
        j = quote + 1;
        continue;
      }
      inString = false;
      j = quote + 1;
      if (capture.type === 'string') {
        complete = true;
        break;
      }
      continue;
    }
    const c = chunk.charCodeAt(j++);
    if (c === QUOTE) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > maxDepth) {
        tooDeep = true;
        break;
      }
    } else if ((c === 0x7d || c === 0x5d) && --depth === 0) {
      complete = true;
      break;
    }
  }
  capture.depth = depth;
  capture.inString = inString;
  capture.escape = escape;
  return { end: j, complete, tooDeep };
}

/**
 * Whether the backslashes right before `end` (and after `from`) are odd in number: the last one escapes what follows.
 */
function oddBackslashesBefore(chunk: string, from: number, end: number): boolean {
  let count = 0;
  for (let k = end - 1; k >= from && chunk.charCodeAt(k) === BACKSLASH; k--) count++;
  return count % 2 === 1;
}

function isDelimiter(c: number): boolean {
  return c === 0x2c || c === 0x7d || c === 0x5d || c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** `log.entries[17]`, `log.pages`, `the HAR`: where the scanner is, for error messages. */
export function describePosition(stack: readonly Frame[], capture?: Capture): string {
  let path = '';
  stack.forEach((frame, i) => {
    const last = i === stack.length - 1;
    if (frame.kind === 'entries') {
      if (capture) path += `[${frame.count}]`;
    } else if (!last || capture?.purpose === 'member' || frame.expect === 'value') {
      path +=
        (path ? '.' : '') + (/^[\w$-]{1,40}$/.test(frame.key) ? frame.key : JSON.stringify(frame.key.slice(0, 40)));
    }
  });
  return path || 'the HAR';
}
