// Finding JWTs, random-looking tokens and URLs in free text, in one pass each. These are
// hand-written scanners, not regular expressions: the text is outside data, and a
// backtracking pattern over a run the attacker chose (`eyJeyJeyJ…`, `a.a.a…://`) costs the
// square of its length. Each scanner looks at every character a bounded number of times.
// What the shapes are (lengths, alphabets) is data in rules.ts.
import { JWT_SHAPE, TOKEN_SHAPE } from './rules';

/** A found piece of text: [start, end) in UTF-16 code units. */
export interface Span {
  start: number;
  end: number;
}

/** base64url: A–Z, a–z, 0–9, `-`, `_`. */
function isBase64UrlChar(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x5f;
}

/** base64 and base64url: base64url plus `+` and `/`. */
function isTokenChar(c: number): boolean {
  return isBase64UrlChar(c) || c === 0x2b || c === 0x2f;
}

/** End of the run of base64url characters starting at `i`. */
function segmentEnd(text: string, i: number): number {
  let j = i;
  while (j < text.length && isBase64UrlChar(text.charCodeAt(j))) j++;
  return j;
}

/**
 * JWT candidates (JWT_SHAPE): a first segment starting `eyJ` (a base64url `{"`), then
 * `.payload.signature` (either may be empty: alg "none"), then optionally `.key.iv` of a JWE
 * (both non-empty; the ciphertext and tag segments follow as ordinary text). The leftmost
 * candidate wins, and the search resumes after it, as a global regex would. Each segment
 * is read once: a first segment that is too short or is not followed by two dots is skipped
 * whole, since a later `eyJ` inside it would fail the same way.
 */
export function* jwtCandidates(text: string): Generator<Span> {
  let from = 0;
  for (;;) {
    const start = text.indexOf(JWT_SHAPE.prefix, from);
    if (start < 0) return;
    const headerEnd = segmentEnd(text, start);
    if (headerEnd - start < JWT_SHAPE.minHeaderChars || text.charCodeAt(headerEnd) !== 0x2e) {
      from = Math.max(headerEnd, start + 1);
      continue;
    }
    const payloadEnd = segmentEnd(text, headerEnd + 1);
    if (text.charCodeAt(payloadEnd) !== 0x2e) {
      from = payloadEnd;
      continue;
    }
    let end = segmentEnd(text, payloadEnd + 1);
    if (text.charCodeAt(end) === 0x2e) {
      const keyEnd = segmentEnd(text, end + 1);
      if (keyEnd > end + 1 && text.charCodeAt(keyEnd) === 0x2e) {
        const ivEnd = segmentEnd(text, keyEnd + 1);
        if (ivEnd > keyEnd + 1) end = ivEnd;
      }
    }
    yield { start, end };
    from = end;
  }
}

/**
 * Token candidates (TOKEN_SHAPE): maximal runs of base64/base64url characters of at least
 * `minLength`, with up to two `=` of padding. Runs are maximal, so a shorter run is never
 * looked at twice.
 */
export function* tokenCandidates(text: string): Generator<Span> {
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (!isTokenChar(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < n && isTokenChar(text.charCodeAt(i))) i++;
    if (i - start < TOKEN_SHAPE.minLength) continue;
    let end = i;
    while (end < n && end - i < 2 && text.charCodeAt(end) === 0x3d) end++;
    yield { start, end };
    i = end;
  }
}

/** token68 (RFC 9110): base64url and base64 characters, `.` and `~`. */
function isToken68Char(c: number): boolean {
  return isTokenChar(c) || c === 0x2e || c === 0x7e;
}

/**
 * Credentials in free text: the token68 after a scheme word of `schemes` (any case) that
 * starts a word, followed by spaces or tabs (`Bearer abc…`, `basic dXNlcjpw…`). Each
 * character is read at most twice: a word once as a word, once as a rejected credential.
 */
export function* credentialCandidates(
  text: string,
  schemes: ReadonlySet<string>,
): Generator<Span & { scheme: string }> {
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (!isLetter(text.charCodeAt(i)) || (i > 0 && isWordChar(text.charCodeAt(i - 1)))) {
      i++;
      continue;
    }
    let end = i;
    while (end < n && isWordChar(text.charCodeAt(end))) end++;
    let start = end;
    while (start < n && (text.charCodeAt(start) === 0x20 || text.charCodeAt(start) === 0x09)) start++;
    const scheme = end - i > 16 ? '' : text.slice(i, end).toLowerCase();
    if (start === end || !schemes.has(scheme)) {
      i = end;
      continue;
    }
    let stop = start;
    while (stop < n && isToken68Char(text.charCodeAt(stop))) stop++;
    while (stop < n && stop - start > 0 && text.charCodeAt(stop) === 0x3d) stop++;
    if (stop > start) yield { start, end: stop, scheme };
    i = Math.max(end, stop);
  }
}

/** Letters, digits, `+`, `.`, `-`: the characters of a URL scheme after its first letter. */
function isSchemeChar(c: number): boolean {
  return isLetter(c) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2e || c === 0x2d;
}

function isLetter(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

function isWordChar(c: number): boolean {
  return isLetter(c) || (c >= 0x30 && c <= 0x39) || c === 0x5f;
}

/** Where a URL in text stops: whitespace, quotes, angle and other brackets, backquote, backslash. */
function endsUrl(c: number): boolean {
  return (
    c <= 0x20 ||
    c === 0x22 ||
    c === 0x27 ||
    c === 0x3c ||
    c === 0x3e ||
    c === 0x28 ||
    c === 0x29 ||
    c === 0x5b ||
    c === 0x5d ||
    c === 0x7b ||
    c === 0x7d ||
    c === 0x60 ||
    c === 0x5c ||
    c === 0x7f ||
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * Absolute URLs in free text: `scheme://` then the characters up to the first endsUrl().
 * The scheme is found by walking back from each `://` over scheme characters, never past
 * the previous `://` or URL (a `:` ends a scheme), so no character is walked twice; it
 * starts at the first letter there that begins a word.
 */
export function* urlsInText(text: string): Generator<Span> {
  let from = 0;
  for (;;) {
    const colon = text.indexOf('://', from);
    if (colon < 0) return;
    let back = colon;
    while (back > from && isSchemeChar(text.charCodeAt(back - 1))) back--;
    let start = back;
    while (
      start < colon &&
      !(isLetter(text.charCodeAt(start)) && (start === 0 || !isWordChar(text.charCodeAt(start - 1))))
    )
      start++;
    let end = colon + 3;
    while (end < text.length && !endsUrl(text.charCodeAt(end))) end++;
    if (start === colon || end === colon + 3) {
      from = colon + 1;
      continue;
    }
    yield { start, end };
    from = end;
  }
}

/** `text` with each span the callback answers for replaced by its answer (undefined keeps it). */
export function replaceSpans<S extends Span>(
  text: string,
  spans: Iterable<S>,
  replacement: (piece: string, span: S) => string | undefined,
): string {
  let out = '';
  let last = 0;
  for (const span of spans) {
    const { start, end } = span;
    const replaced = replacement(text.slice(start, end), span);
    if (replaced === undefined) continue;
    out += text.slice(last, start) + replaced;
    last = end;
  }
  return last === 0 ? text : out + text.slice(last);
}
