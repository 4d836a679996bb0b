// Limits on outside data that every layer applies the same way (emulator request bodies,
// documents, HAR files in the editor and the CLI): outside data decides nothing about our
// resource use. Real API bodies nest about ten levels and HARs about eight.

/** Deepest nesting of objects and arrays accepted in JSON (or JSONC) from outside. */
export const MAX_JSON_DEPTH = 64;

/** The one message for too-deep input, so every layer says the same. */
export function tooDeepMessage(what: string, maxDepth = MAX_JSON_DEPTH): string {
  return `${what} is nested deeper than ${maxDepth} levels`;
}

/**
 * True when `text` nests objects/arrays deeper than `maxDepth`. One pass, no recursion,
 * no allocation: safe before parsing (JSON.parse and every walk after it would recurse).
 * Strings and JSONC comments are skipped, so brackets inside them do not count.
 */
export function nestsDeeperThan(text: string, maxDepth = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22) {
      // "
      for (i++; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x5c)
          i++; // backslash escapes the next character
        else if (c === 0x22) break;
      }
    } else if (ch === 0x2f && text.charCodeAt(i + 1) === 0x2f) {
      // //
      while (i < text.length && text.charCodeAt(i) !== 0x0a) i++;
    } else if (ch === 0x2f && text.charCodeAt(i + 1) === 0x2a) {
      // /*
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else if (ch === 0x7b || ch === 0x5b) {
      // { [
      if (++depth > maxDepth) return true;
    } else if (ch === 0x7d || ch === 0x5d) {
      // } ]
      depth--;
    }
  }
  return false;
}

/**
 * JSON text from outside (a file, a document): a leading byte-order mark dropped, refused
 * with the one message when nested too deeply, then parsed. Throws SyntaxError as JSON.parse.
 */
export function parseOutsideJson(text: string, what: string): unknown {
  const body = text.replace(/^\uFEFF/, '');
  if (nestsDeeperThan(body)) throw new Error(tooDeepMessage(what));
  return JSON.parse(body);
}
