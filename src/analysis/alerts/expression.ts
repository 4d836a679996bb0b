// Alert rule expressions in the vendor's form. The API documents no grammar, only examples
// (`((loss >= 10%))`, `((hops((hopDelay >= 100 ms))))`, `((totalTime >= 500 ms) && (responseTime
// >= 500 ms))`, `((lastContact >= 30 min))`), so this is the grammar those examples imply:
//
//   expression := either EOF
//   either     := all ( '||' all )*           -- && binds tighter than ||
//   all        := primary ( '&&' primary )*
//   primary    := '(' either ')'  |  'hops' '(' either ')'  |  comparison
//   comparison := metric operator literal     -- operator: >= > <= < == !=
//   literal    := number unit?  |  "string"   -- unit: % ms s min Mbps kbps
//
// The vendor writes every comparison inside its own parentheses and the whole inside one more
// pair; a bare `loss >= 10%` is read too, since nothing is lost by accepting it. The vendor's
// documentation says a rule of three or more conditions uses one of && and || only; a rule mixing
// them is read with the precedence above rather than refused. `hops(…)` holds when any hop of the
// path satisfies its condition; hops inside hops mean nothing and are refused.
//
// Units are normalised so that a value compares with the number the API returns: times to
// milliseconds (s ×1000, min ×60000), bandwidth to Mbps (kbps ÷1000), % stays a percentage.
import { type ComparisonOperator, ExpressionError, quoteText, type Token, tokenize } from './expression-tokens';

export { EXPRESSION_LIMITS, ExpressionError, type ComparisonOperator } from './expression-tokens';

/** What a normalised number measures: `ms` (time), `percent`, `Mbps` (bandwidth); none for a plain count or code. */
export type ValueUnit = 'ms' | 'percent' | 'Mbps';

export type Literal =
  { kind: 'number'; value: number; unit?: ValueUnit; written: string } | { kind: 'string'; value: string };

export type Condition =
  | { kind: 'comparison'; metric: string; operator: ComparisonOperator; literal: Literal; column: number }
  /** `&&`: every condition holds. */
  | { kind: 'all'; conditions: Condition[] }
  /** `||`: at least one condition holds. */
  | { kind: 'any'; conditions: Condition[] }
  /** `hops(…)`: some hop of the path satisfies the condition. */
  | { kind: 'hops'; condition: Condition; column: number };

export type ParseResult = { ok: true; condition: Condition } | { ok: false; message: string; column: number };

/** A unit as written (lower-cased) → the unit it normalises to and the factor. */
const UNITS: ReadonlyMap<string, { unit: ValueUnit; factor: number }> = new Map([
  ['ms', { unit: 'ms', factor: 1 }],
  ['s', { unit: 'ms', factor: 1000 }],
  ['sec', { unit: 'ms', factor: 1000 }],
  ['min', { unit: 'ms', factor: 60_000 }],
  ['mbps', { unit: 'Mbps', factor: 1 }],
  ['kbps', { unit: 'Mbps', factor: 0.001 }],
]);
const UNIT_LIST = '%, ms, s, min, Mbps, kbps';

/** Reads a rule's expression; never throws. */
export function parseExpression(text: string): ParseResult {
  try {
    return { ok: true, condition: new Parser(tokenize(text)).expression() };
  } catch (error) {
    if (error instanceof ExpressionError) return { ok: false, message: error.message, column: error.column };
    throw error;
  }
}

/** How a token reads in an error message. */
function describe(token: Token): string {
  switch (token.kind) {
    case 'open':
      return "'('";
    case 'close':
      return "')'";
    case 'and':
      return "'&&'";
    case 'or':
      return "'||'";
    case 'operator':
      return `'${token.operator}'`;
    case 'name':
      return quoteText(token.name);
    case 'number':
      return quoteText(token.text);
    case 'percent':
      return "'%'";
    case 'string':
      return `the string ${quoteText(token.value)}`;
    case 'end':
      return 'the end of the expression';
  }
}

class Parser {
  private index = 0;
  private insideHops = false;

  constructor(private readonly tokens: Token[]) {}

  expression(): Condition {
    if (this.peek().kind === 'end') throw new ExpressionError('the expression is empty', 1);
    const condition = this.either();
    const rest = this.peek();
    if (rest.kind !== 'end') {
      throw new ExpressionError(
        `expected '&&', '||' or the end of the expression at column ${rest.column}, found ${describe(rest)}`,
        rest.column,
      );
    }
    return condition;
  }

  private peek(offset = 0): Token {
    // The last token is always `end`, so reading past it keeps returning `end`.
    return this.tokens[Math.min(this.index + offset, this.tokens.length - 1)]!;
  }

  private take(): Token {
    const token = this.peek();
    if (this.index < this.tokens.length - 1) this.index++;
    return token;
  }

  private either(): Condition {
    const conditions = [this.all()];
    while (this.peek().kind === 'or') {
      this.take();
      conditions.push(this.all());
    }
    return conditions.length === 1 ? conditions[0]! : { kind: 'any', conditions };
  }

  private all(): Condition {
    const conditions = [this.primary()];
    while (this.peek().kind === 'and') {
      this.take();
      conditions.push(this.primary());
    }
    return conditions.length === 1 ? conditions[0]! : { kind: 'all', conditions };
  }

  // Recursion happens only through '(' tokens, whose nesting the tokenizer bounds.
  private primary(): Condition {
    const token = this.peek();
    if (token.kind === 'open') {
      this.take();
      const inner = this.either();
      this.expectClose(token.column);
      return inner;
    }
    if (token.kind === 'name' && token.name === 'hops' && this.peek(1).kind === 'open') {
      if (this.insideHops) {
        throw new ExpressionError(`hops(…) at column ${token.column} is inside another hops(…)`, token.column);
      }
      this.take();
      const open = this.take();
      this.insideHops = true;
      const inner = this.either();
      this.insideHops = false;
      this.expectClose(open.column);
      return { kind: 'hops', condition: inner, column: token.column };
    }
    if (token.kind === 'name') return this.comparison();
    throw new ExpressionError(
      `expected '(' or a metric name at column ${token.column}, found ${describe(token)}`,
      token.column,
    );
  }

  private expectClose(openColumn: number): void {
    const token = this.take();
    if (token.kind !== 'close') {
      throw new ExpressionError(
        `expected ')' (closing the '(' at column ${openColumn}) at column ${token.column}, found ${describe(token)}`,
        token.column,
      );
    }
  }

  private comparison(): Condition {
    const name = this.take() as Extract<Token, { kind: 'name' }>;
    const operator = this.take();
    if (operator.kind !== 'operator') {
      throw new ExpressionError(
        `expected a comparison operator after ${quoteText(name.name)} at column ${operator.column}, ` +
          `found ${describe(operator)}`,
        operator.column,
      );
    }
    const literal = this.literal(name.name, operator.operator);
    return { kind: 'comparison', metric: name.name, operator: operator.operator, literal, column: name.column };
  }

  private literal(metric: string, operator: ComparisonOperator): Literal {
    const token = this.take();
    if (token.kind === 'string') {
      if (operator !== '==' && operator !== '!=') {
        throw new ExpressionError(
          `'${operator}' compares numbers; ${quoteText(metric)} is compared with a string ` +
            `at column ${token.column} (use == or !=)`,
          token.column,
        );
      }
      return { kind: 'string', value: token.value };
    }
    if (token.kind !== 'number') {
      throw new ExpressionError(
        `expected a number or a quoted string after ${quoteText(metric)} ${operator} ` +
          `at column ${token.column}, found ${describe(token)}`,
        token.column,
      );
    }
    const unitToken = this.peek();
    if (unitToken.kind === 'percent') {
      this.take();
      return { kind: 'number', value: token.value, unit: 'percent', written: `${token.text}%` };
    }
    if (unitToken.kind === 'name') {
      const unit = UNITS.get(unitToken.name.toLowerCase());
      if (!unit) {
        throw new ExpressionError(
          `unknown unit ${quoteText(unitToken.name)} at column ${unitToken.column} (units: ${UNIT_LIST})`,
          unitToken.column,
        );
      }
      this.take();
      return {
        kind: 'number',
        value: token.value * unit.factor,
        unit: unit.unit,
        written: `${token.text} ${unitToken.name}`,
      };
    }
    return { kind: 'number', value: token.value, written: token.text };
  }
}

/** A metric a condition reads, and whether it reads it from each hop (inside `hops(…)`) or from the round. */
export interface MetricUse {
  metric: string;
  inHops: boolean;
}

/** The metrics a condition reads, each once, in the order they are written. */
export function metricsUsed(condition: Condition): MetricUse[] {
  const found: MetricUse[] = [];
  const seen = new Set<string>();
  const visit = (node: Condition, inHops: boolean): void => {
    switch (node.kind) {
      case 'comparison': {
        const key = `${inHops ? 'hop' : 'round'}:${node.metric}`;
        if (!seen.has(key)) {
          seen.add(key);
          found.push({ metric: node.metric, inHops });
        }
        return;
      }
      case 'all':
      case 'any':
        for (const child of node.conditions) visit(child, inHops);
        return;
      case 'hops':
        visit(node.condition, true);
        return;
    }
  };
  visit(condition, false);
  return found;
}

/** The condition written back in the vendor's form, units normalised (for messages and tests). */
export function formatCondition(condition: Condition): string {
  switch (condition.kind) {
    case 'comparison': {
      const { literal } = condition;
      const value =
        literal.kind === 'string'
          ? JSON.stringify(literal.value)
          : `${literal.value}${literal.unit === 'percent' ? '%' : literal.unit ? ` ${literal.unit}` : ''}`;
      return `(${condition.metric} ${condition.operator} ${value})`;
    }
    case 'all':
      return `(${condition.conditions.map(formatCondition).join(' && ')})`;
    case 'any':
      return `(${condition.conditions.map(formatCondition).join(' || ')})`;
    case 'hops':
      return `hops(${formatCondition(condition.condition)})`;
  }
}
