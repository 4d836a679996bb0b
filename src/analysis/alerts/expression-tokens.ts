// The tokenizer of alert rule expressions (the vendor's `((loss >= 10%) && (jitter > 20 ms))` form).
// Written by hand, one pass over the characters and no regular expression, so that a hostile rule
// (a very long one, deep parentheses, a string with no closing quote) costs time linear in its
// length, and is cut off early by the bounds below with an error naming the column.

/** The bounds a rule is held to. The vendor's own rules are a few dozen characters. */
export const EXPRESSION_LIMITS = { maxLength: 2000, maxDepth: 32, maxTokens: 500 } as const;

export type ComparisonOperator = '>=' | '>' | '<=' | '<' | '==' | '!=';

export type Token =
  | { kind: 'open'; column: number }
  | { kind: 'close'; column: number }
  | { kind: 'and'; column: number }
  | { kind: 'or'; column: number }
  | { kind: 'operator'; operator: ComparisonOperator; column: number }
  | { kind: 'name'; name: string; column: number }
  | { kind: 'number'; value: number; text: string; column: number }
  | { kind: 'percent'; column: number }
  | { kind: 'string'; value: string; column: number }
  | { kind: 'end'; column: number };

/** A rule that cannot be read, at a 1-based column of its text. */
export class ExpressionError extends Error {
  constructor(
    message: string,
    readonly column: number,
  ) {
    super(message);
    this.name = 'ExpressionError';
  }
}

/** A piece of the rule's text for an error message: short, and with control characters escaped. */
export function quoteText(text: string, max = 24): string {
  let out = '';
  const end = Math.min(text.length, max);
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i);
    out += code < 0x20 || code === 0x7f ? `\\u${code.toString(16).padStart(4, '0')}` : text[i];
  }
  return `'${out}${text.length > max ? '…' : ''}'`;
}

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isNameStart = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
const isNamePart = (c: string): boolean => isNameStart(c) || isDigit(c) || c === '.';
const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';

/**
 * Splits a rule into tokens. Nesting depth is counted here, not in the parser, so that 10,000
 * opening parentheses stop at the 33rd instead of after reading them all.
 */
export function tokenize(text: string): Token[] {
  const { maxLength, maxDepth, maxTokens } = EXPRESSION_LIMITS;
  if (text.length > maxLength) {
    throw new ExpressionError(
      `the expression is ${text.length} characters long; at most ${maxLength} are read`,
      maxLength + 1,
    );
  }
  const tokens: Token[] = [];
  const push = (token: Token): void => {
    if (tokens.length >= maxTokens) {
      throw new ExpressionError(
        `the expression has more than ${maxTokens} tokens (at column ${token.column})`,
        token.column,
      );
    }
    tokens.push(token);
  };
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const column = i + 1;
    const next = text[i + 1] ?? '';
    if (isSpace(c)) {
      i++;
    } else if (c === '(') {
      depth++;
      if (depth > maxDepth) {
        throw new ExpressionError(`parentheses nest deeper than ${maxDepth} levels at column ${column}`, column);
      }
      push({ kind: 'open', column });
      i++;
    } else if (c === ')') {
      if (depth === 0) throw new ExpressionError(`')' at column ${column} closes no '('`, column);
      depth--;
      push({ kind: 'close', column });
      i++;
    } else if (c === '&' || c === '|') {
      if (next !== c) {
        throw new ExpressionError(`expected '${c}${c}' at column ${column}, found ${quoteText(c + next)}`, column);
      }
      push({ kind: c === '&' ? 'and' : 'or', column });
      i += 2;
    } else if (c === '>' || c === '<') {
      const operator: ComparisonOperator = next === '=' ? (c === '>' ? '>=' : '<=') : c;
      push({ kind: 'operator', operator, column });
      i += operator.length;
    } else if (c === '=' || c === '!') {
      if (next !== '=') {
        const message =
          c === '='
            ? `'=' at column ${column} is not an operator (equality is ==)`
            : `expected '!=' at column ${column}`;
        throw new ExpressionError(message, column);
      }
      push({ kind: 'operator', operator: c === '=' ? '==' : '!=', column });
      i += 2;
    } else if (c === '%') {
      push({ kind: 'percent', column });
      i++;
    } else if (c === '"') {
      i = readString(text, i, push);
    } else if (isDigit(c) || ((c === '-' || c === '.') && (isDigit(next) || next === '.'))) {
      i = readNumber(text, i, push);
    } else if (isNameStart(c)) {
      let end = i + 1;
      while (end < text.length && isNamePart(text[end]!)) end++;
      push({ kind: 'name', name: text.slice(i, end), column });
      i = end;
    } else {
      throw new ExpressionError(`unexpected character ${quoteText(c)} at column ${column}`, column);
    }
  }
  // A '(' left open is the parser's to report: it names the '(' and what came instead.
  push({ kind: 'end', column: text.length + 1 });
  return tokens;
}

/** A double-quoted string; `\"` and `\\` escape. Returns the index after the closing quote. */
function readString(text: string, start: number, push: (token: Token) => void): number {
  let value = '';
  let i = start + 1;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      push({ kind: 'string', value, column: start + 1 });
      return i + 1;
    }
    if (c === '\\' && i + 1 < text.length) {
      value += text[i + 1];
      i += 2;
    } else {
      value += c;
      i++;
    }
  }
  throw new ExpressionError(`the string opened at column ${start + 1} has no closing quote`, start + 1);
}

/** An unsigned or negative decimal number: `10`, `2.5`, `-1`, `.5`. Returns the index after it. */
function readNumber(text: string, start: number, push: (token: Token) => void): number {
  let i = start;
  if (text[i] === '-') i++;
  let digits = 0;
  while (i < text.length && isDigit(text[i]!)) {
    i++;
    digits++;
  }
  if (text[i] === '.') {
    i++;
    while (i < text.length && isDigit(text[i]!)) {
      i++;
      digits++;
    }
  }
  const written = text.slice(start, i);
  const value = Number(written);
  if (digits === 0 || !Number.isFinite(value)) {
    throw new ExpressionError(`${quoteText(written)} at column ${start + 1} is not a number`, start + 1);
  }
  push({ kind: 'number', value, text: written, column: start + 1 });
  return i;
}
