// Re-indentation of response bodies for reading (never for running): one linear pass over
// the characters, no parse tree and no recursion, so a body nested a million levels deep or
// not even valid costs the same as any other of its length. Strings (and comments in CSS/JS)
// are copied as they are. Indentation is capped at MAX_INDENT levels.
export type BodyLanguage = 'json' | 'xml' | 'html' | 'css' | 'javascript' | 'text';

const INDENT = '  ';
const MAX_INDENT = 40;

function pad(depth: number): string {
  return INDENT.repeat(Math.max(0, Math.min(depth, MAX_INDENT)));
}

/** JSON (or JSON-like) with one member per line. */
export function prettyJson(text: string): string {
  const out: string[] = [];
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (inString) {
      out.push(c);
      if (c === '\\' && i + 1 < text.length) out.push(text[++i] as string);
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      out.push(c);
      continue;
    }
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t') continue;
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      let j = i + 1;
      while (j < text.length && /\s/.test(text[j] as string)) j++;
      if (text[j] === close) {
        out.push(c, close);
        i = j;
        continue;
      } // {} and [] stay on one line
      depth++;
      out.push(c, '\n', pad(depth));
    } else if (c === '}' || c === ']') {
      depth--;
      out.push('\n', pad(depth), c);
    } else if (c === ',') {
      out.push(',\n', pad(depth));
    } else if (c === ':') {
      out.push(': ');
    } else {
      out.push(c);
    }
  }
  return out.join('');
}

const VOID_TAGS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
  '!doctype',
]);

/** XML and HTML: one tag per line where tags touch, indented by nesting. */
export function prettyMarkup(text: string): string {
  const parts = text.replace(/>\s*</g, '>\n<').split('\n');
  const out: string[] = [];
  let depth = 0;
  for (const raw of parts) {
    const line = raw.trim();
    if (line === '') continue;
    const closing = /^<\//.test(line);
    if (closing) depth--;
    out.push(pad(depth) + line);
    const open = /^<([a-zA-Z!][\w:.-]*)/.exec(line);
    const name = open?.[1]?.toLowerCase() ?? '';
    const selfContained =
      /\/>$/.test(line) || /^<[?!]/.test(line) || VOID_TAGS.has(name) || new RegExp(`</${name}>$`, 'i').test(line);
    if (open && !closing && !selfContained) depth++;
  }
  return out.join('\n');
}

/**
 * CSS and JavaScript: a line break after `{`, `;` and `}` outside strings and comments,
 * indented by braces. Enough to read a minified file; not a formatter (regex literals and
 * `for (;;)` heads may break oddly, which costs readability, never content).
 */
export function prettyBraces(text: string): string {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let comment = '';
  let lineStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    const next = text[i + 1];
    if (comment) {
      out.push(c);
      if (comment === '*' && c === '*' && next === '/') {
        out.push('/');
        i++;
        comment = '';
      } else if (comment === '/' && c === '\n') {
        comment = '';
        lineStart = true;
        out.push(pad(depth));
      }
      continue;
    }
    if (quote) {
      out.push(c);
      if (c === '\\' && next !== undefined) {
        out.push(next);
        i++;
      } else if (c === quote) quote = '';
      continue;
    }
    if (lineStart && (c === ' ' || c === '\t' || c === '\n' || c === '\r')) continue;
    if (c === '\n' || c === '\r') {
      out.push('\n');
      lineStart = true;
      continue;
    }
    if (c === '}') {
      depth = Math.max(0, depth - 1);
      out.push(lineStart ? '' : '\n', pad(depth), '}\n');
      lineStart = true;
      continue;
    }
    if (lineStart) {
      out.push(pad(depth));
      lineStart = false;
    }
    if (c === '/' && (next === '*' || next === '/')) {
      comment = next;
      out.push(c);
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      quote = c;
      out.push(c);
      continue;
    }
    if (c === '{') {
      depth++;
      out.push('{\n');
      lineStart = true;
      continue;
    }
    if (c === ';') {
      out.push(';\n');
      lineStart = true;
      continue;
    }
    out.push(c);
  }
  return out
    .join('')
    .replace(/\n{2,}/g, '\n')
    .trimEnd();
}

export function prettyBody(text: string, language: BodyLanguage): string {
  switch (language) {
    case 'json':
      return prettyJson(text);
    case 'xml':
    case 'html':
      return prettyMarkup(text);
    case 'css':
    case 'javascript':
      return prettyBraces(text);
    case 'text':
      return text;
  }
}
