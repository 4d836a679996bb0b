// GraphQL by its tokens, not by a parser: one pass over the query finds each argument (or
// input object field) with a secret name and what fills it. A string literal there is
// redacted in place (`login(password: "hunter2")`); a variable there (`login(password: $p)`)
// is named, so the request's `variables.p` is redacted too. Strings and block strings are
// read whole. It runs on any text that may hold a query: `password: "…"` in a comment or in
// free text goes as well.
import { found, isSecretNamed, marker, type RedactContext } from './context';
import type { RedactionPlace } from './report';

function isNameStart(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
}

function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 0x30 && c <= 0x39);
}

/** Spaces, tabs, line ends and commas (insignificant in GraphQL). */
function isIgnored(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x2c;
}

export interface GraphqlScan {
  /** The text with secret string arguments replaced (the same string when none). */
  text: string;
  /** Variables passed to arguments with a secret name. */
  variables: Set<string>;
}

/**
 * Where the string literal starting at `i` (a `"`) ends: after its closing quote (`closed`),
 * or where it stops unclosed (the line's end or the text's), so nothing is read twice.
 */
function stringEnd(text: string, i: number): { end: number; closed: boolean } {
  if (text.startsWith('"""', i)) {
    const end = text.indexOf('"""', i + 3);
    return end < 0 ? { end: text.length, closed: false } : { end: end + 3, closed: true };
  }
  let j = i + 1;
  while (j < text.length) {
    const c = text.charCodeAt(j);
    if (c === 0x22) return { end: j + 1, closed: true };
    if (c === 0x0a) break;
    j += c === 0x5c ? 2 : 1;
  }
  return { end: Math.min(j, text.length), closed: false };
}

/**
 * One pass over `text` (a query, or any text that may hold one): `name: "…"` and
 * `name: $var` where `name` is a secret's. Every character is read once. `record: false`
 * when the text is read again (for its variables): what it removes is reported once.
 */
export function scanGraphql(text: string, ctx: RedactContext, where: RedactionPlace, record = true): GraphqlScan {
  const variables = new Set<string>();
  if (!text.includes(':') || (!text.includes('"') && !text.includes('$'))) return { text, variables };
  let out = '';
  let last = 0;
  /** The secret-named argument whose value comes next (after its `:`). */
  let argument: string | undefined;
  /** The last name read, and whether a `:` followed it. */
  let name: string | undefined;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isIgnored(c)) {
      i++;
      continue;
    }
    if (c === 0x22) {
      const { end, closed } = stringEnd(text, i);
      if (closed && argument !== undefined) {
        const quote = text.startsWith('"""', i) ? 3 : 1;
        if (record) found(ctx, 'json-field', where, argument);
        out += `${text.slice(last, i + quote)}${marker('field', argument)}`;
        last = end - quote;
      }
      i = end;
      name = argument = undefined;
      continue;
    }
    if (c === 0x3a) {
      argument = name !== undefined && isSecretNamed(ctx, name) ? name : undefined;
      name = undefined;
      i++;
      continue;
    }
    if (c === 0x24 && i + 1 < n && isNameStart(text.charCodeAt(i + 1))) {
      let end = i + 1;
      while (end < n && isNameChar(text.charCodeAt(end))) end++;
      if (argument !== undefined) variables.add(text.slice(i + 1, end));
      i = end;
      name = argument = undefined;
      continue;
    }
    if (isNameStart(c)) {
      let end = i + 1;
      while (end < n && isNameChar(text.charCodeAt(end))) end++;
      name = end - i <= 256 ? text.slice(i, end) : undefined;
      argument = undefined;
      i = end;
      continue;
    }
    name = argument = undefined;
    i++;
  }
  return { text: last === 0 ? text : out + text.slice(last), variables };
}
