// XML (SOAP), HTML and SVG by their tags, in one pass: not a parser, a tokenizer that finds
// tags, attributes, text, comments and CDATA. The text of an element named like a secret
// goes (`<wsse:Password>…</wsse:Password>`), as do attributes named like one and the value of
// an element named like one (`<input name="authenticity_token" value="…">`, `<meta
// name="csrf-token" content="…">`). Everything else is content of its own (`nested`): the
// JSON of a script element, a URL in an attribute. Every search moves forward: linear time.
import { found, isSecretNamed, marker } from './context';
import { MARKUP_NAME_ATTRIBUTES, MARKUP_VALUE_ATTRIBUTES } from './rules';
import { scrub, type Nested, type Site } from './site';

function isLetter(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x0c;
}

function isTagNameChar(c: number): boolean {
  return isLetter(c) || (c >= 0x30 && c <= 0x39) || c === 0x3a || c === 0x2d || c === 0x5f || c === 0x2e;
}

/** `wsse:Password` → `Password`. */
function localName(name: string): string {
  return name.slice(name.lastIndexOf(':') + 1);
}

/** Text that looks like markup: `<` then a tag, a declaration or a processing instruction. */
export function looksLikeMarkup(text: string, first: number): boolean {
  const c = text.charCodeAt(first + 1);
  return text.charCodeAt(first) === 0x3c && (isLetter(c) || c === 0x3f || c === 0x21);
}

interface Attribute {
  name: string;
  /** The value's span (inside its quotes). */
  start: number;
  end: number;
}

export function redactMarkup(text: string, site: Site, nested: Nested): string {
  const { ctx, where } = site;
  const n = text.length;
  let out = '';
  let last = 0;
  const replace = (start: number, end: number, redacted: string): void => {
    if (redacted === text.slice(start, end)) return;
    out += text.slice(last, start) + redacted;
    last = end;
  };
  const removeSecret = (start: number, end: number, name: string): void => {
    const label = name.replace(/[^\w.:-]/g, '').slice(0, 80);
    found(ctx, 'form-field', where, label);
    replace(start, end, marker('field', label));
  };
  /** The element just opened, when its text is a secret (`<Password>`). */
  let secretElement: string | undefined;
  const textNode = (start: number, end: number): void => {
    if (end <= start) return;
    const piece = text.slice(start, end);
    if (secretElement === undefined) replace(start, end, nested(piece, site.name));
    else if (piece.trim() !== '') removeSecret(start, end, secretElement);
  };

  /**
   * The tag at `lt` (`<name …>`): its attributes, then a script or style element's raw text. Returns where it ends.
   */
  const openTag = (lt: number): number => {
    let j = lt + 1;
    while (j < n && isTagNameChar(text.charCodeAt(j))) j++;
    const tag = text.slice(lt + 1, j);
    const attributes: Attribute[] = [];
    let selfClosing = false;
    while (j < n) {
      const c = text.charCodeAt(j);
      if (c === 0x3e) {
        j++;
        break;
      }
      if (isSpace(c) || c === 0x2f || c === 0x3d) {
        selfClosing = c === 0x2f;
        j++;
        continue;
      }
      selfClosing = false;
      const nameStart = j;
      while (j < n && !isSpace(text.charCodeAt(j)) && !'=>/'.includes(text[j] as string)) j++;
      const name = text.slice(nameStart, j);
      let k = j;
      while (k < n && isSpace(text.charCodeAt(k))) k++;
      if (text.charCodeAt(k) !== 0x3d) {
        j = k;
        continue;
      }
      k++;
      while (k < n && isSpace(text.charCodeAt(k))) k++;
      const quote = text[k];
      if (quote === '"' || quote === "'") {
        const close = text.indexOf(quote, k + 1);
        const stop = close < 0 ? n : close;
        attributes.push({ name, start: k + 1, end: stop });
        j = close < 0 ? n : close + 1;
      } else {
        const start = k;
        while (k < n && !isSpace(text.charCodeAt(k)) && text.charCodeAt(k) !== 0x3e) k++;
        attributes.push({ name, start, end: k });
        j = k;
      }
    }
    const named = attributes.find((a) => MARKUP_NAME_ATTRIBUTES.includes(a.name.toLowerCase()));
    const elementName = named && text.slice(named.start, named.end);
    const secretName = elementName !== undefined && isSecretNamed(ctx, elementName) ? elementName : undefined;
    for (const { name, start, end } of attributes) {
      const lower = name.toLowerCase();
      if (end <= start || lower === 'xmlns' || lower.startsWith('xmlns:')) continue;
      if (isSecretNamed(ctx, localName(name))) removeSecret(start, end, localName(name));
      else if (secretName !== undefined && MARKUP_VALUE_ATTRIBUTES.includes(lower))
        removeSecret(start, end, secretName);
      else replace(start, end, nested(text.slice(start, end), name));
    }
    secretElement = !selfClosing && isSecretNamed(ctx, localName(tag)) ? localName(tag) : undefined;
    const raw = tag.toLowerCase();
    if (selfClosing || (raw !== 'script' && raw !== 'style')) return j;
    // Raw text up to `</script` (any case): the loop goes on from the closing tag.
    let close = j;
    for (;;) {
      close = text.indexOf('</', close);
      if (close < 0 || text.slice(close + 2, close + 2 + raw.length).toLowerCase() === raw) break;
      close += 2;
    }
    const rawEnd = close < 0 ? n : close;
    textNode(j, rawEnd);
    return rawEnd;
  };

  let textStart = 0;
  let i = 0;
  while (i < n) {
    const lt = text.indexOf('<', i);
    if (lt < 0) break;
    const next = text.charCodeAt(lt + 1);
    let end: number;
    if (text.startsWith('<!--', lt)) {
      textNode(textStart, lt);
      const close = text.indexOf('-->', lt + 4);
      const stop = close < 0 ? n : close;
      replace(lt + 4, stop, scrub(text.slice(lt + 4, stop), site));
      end = close < 0 ? n : close + 3;
    } else if (text.startsWith('<![CDATA[', lt)) {
      textNode(textStart, lt);
      const close = text.indexOf(']]>', lt + 9);
      textNode(lt + 9, close < 0 ? n : close);
      end = close < 0 ? n : close + 3;
    } else if (next === 0x21 || next === 0x3f || next === 0x2f) {
      // A declaration, a processing instruction or a closing tag: scrubbed as text.
      textNode(textStart, lt);
      const close = text.indexOf('>', lt + 2);
      end = close < 0 ? n : close + 1;
      replace(lt + 2, end, scrub(text.slice(lt + 2, end), site));
      secretElement = undefined;
    } else if (isLetter(next)) {
      textNode(textStart, lt);
      end = openTag(lt);
    } else {
      i = lt + 1;
      continue;
    }
    i = textStart = end;
  }
  textNode(textStart, n);
  return last === 0 ? text : out + text.slice(last);
}
