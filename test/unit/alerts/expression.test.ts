// The reader of alert rule expressions: every example the vendor's schema gives parses, the
// grammar's precedence and units are what its header says, and bad or hostile rules get an error
// naming the column, quickly.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { load } from 'js-yaml';
import {
  type Condition,
  EXPRESSION_LIMITS,
  formatCondition,
  metricsUsed,
  parseExpression,
} from '../../../src/analysis/alerts/expression';

function parsed(text: string): Condition {
  const result = parseExpression(text);
  assert.ok(result.ok, `${text}: ${result.ok ? '' : result.message}`);
  return result.condition;
}

function failure(text: string): { message: string; column: number } {
  const result = parseExpression(text);
  assert.ok(!result.ok, `${text.slice(0, 60)} should not parse`);
  return { message: result.message, column: result.column };
}

/** Every string the spec gives an `expression` (as a value in an example, or as a schema's example). */
function specExpressions(): string[] {
  const spec = load(readFileSync(join(__dirname, '..', '..', 'fixtures', 'openapi', 'thousandeyes.yaml'), 'utf8'));
  const found = new Set<string>();
  const walk = (node: unknown, depth: number): void => {
    if (depth > 40 || node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'expression' && typeof value === 'string') found.add(value);
      if (key === 'expression' && value && typeof value === 'object') {
        const example = (value as { example?: unknown }).example;
        if (typeof example === 'string') found.add(example);
      }
      walk(value, depth + 1);
    }
  };
  walk(spec, 0);
  return [...found].sort();
}

describe('the examples', () => {
  test('the spec gives these expressions, and each parses', () => {
    const examples = specExpressions();
    // Found by grepping the yaml for `expression`: the alert rule schemas (v7 Alerts and Tests),
    // the template example, and the agent notification rules.
    assert.deepEqual(examples, [
      '((hops((hopDelay >= 100 ms))))',
      '((lastContact >= 30 min))',
      '((lastContact >= 40 min))',
      '((totalTime >= 500 ms) && (responseTime >= 500 ms))',
    ]);
    for (const text of examples) parsed(text);
  });

  test("the vendor documentation's forms parse", () => {
    const documented = [
      '((loss >= 10%))',
      '((hops((hopDelay >= 10 ms))))',
      '((errorType != "None"))',
      '((responseTime >= 500 ms) && (loss > 2%))',
      '((avgLatency > 100 ms) || (jitter > 20 ms))',
      '((responseCode >= 400))',
      '((dnsTime >= 500 ms))',
    ];
    for (const text of documented) parsed(text);
  });

  test('the shapes read as written', () => {
    assert.deepEqual(parsed('((loss >= 10%))'), {
      kind: 'comparison',
      metric: 'loss',
      operator: '>=',
      literal: { kind: 'number', value: 10, unit: 'percent', written: '10%' },
      column: 3,
    });
    const hops = parsed('((hops((hopDelay >= 100 ms))))');
    assert.equal(hops.kind, 'hops');
    assert.equal(formatCondition(hops), 'hops((hopDelay >= 100 ms))');
    assert.equal(formatCondition(parsed('((errorType != "None"))')), '(errorType != "None")');
    assert.equal(
      formatCondition(parsed('((totalTime >= 500 ms) && (responseTime >= 500 ms))')),
      '((totalTime >= 500 ms) && (responseTime >= 500 ms))',
    );
    // Without the vendor's parentheses, and with an escaped quote in a string.
    assert.equal(formatCondition(parsed('loss>=10%')), '(loss >= 10%)');
    assert.equal(formatCondition(parsed('((rdns == "a\\"b"))')), '(rdns == "a\\"b")');
  });
});

describe('precedence', () => {
  test('&& binds tighter than ||, on either side', () => {
    // a || (b && c), not (a || b) && c
    assert.equal(formatCondition(parsed('((a > 1) || (b > 1) && (c > 1))')), '((a > 1) || ((b > 1) && (c > 1)))');
    // (a && b) || c, not a && (b || c)
    assert.equal(formatCondition(parsed('((a > 1) && (b > 1) || (c > 1))')), '(((a > 1) && (b > 1)) || (c > 1))');
    // Parentheses override it.
    assert.equal(formatCondition(parsed('(((a > 1) || (b > 1)) && (c > 1))')), '(((a > 1) || (b > 1)) && (c > 1))');
  });

  test('a chain of one operator is one node', () => {
    const chain = parsed('((a > 1) && (b > 1) && (c > 1))');
    assert.equal(chain.kind, 'all');
    assert.equal(chain.kind === 'all' && chain.conditions.length, 3);
  });
});

describe('units', () => {
  const literal = (text: string): unknown => {
    const condition = parsed(text);
    assert.equal(condition.kind, 'comparison');
    return condition.kind === 'comparison' ? condition.literal : undefined;
  };

  test('times become milliseconds, bandwidth Mbps, % a percentage', () => {
    assert.deepEqual(literal('((responseTime >= 2 s))'), { kind: 'number', value: 2000, unit: 'ms', written: '2 s' });
    assert.deepEqual(literal('((responseTime >= 1.5s))'), {
      kind: 'number',
      value: 1500,
      unit: 'ms',
      written: '1.5 s',
    });
    assert.deepEqual(literal('((lastContact >= 30 min))'), {
      kind: 'number',
      value: 1_800_000,
      unit: 'ms',
      written: '30 min',
    });
    assert.deepEqual(literal('((availableBandwidth < 500 kbps))'), {
      kind: 'number',
      value: 0.5,
      unit: 'Mbps',
      written: '500 kbps',
    });
    assert.deepEqual(literal('((capacity < 10 Mbps))'), {
      kind: 'number',
      value: 10,
      unit: 'Mbps',
      written: '10 Mbps',
    });
    assert.deepEqual(literal('((loss > 2.5 %))'), { kind: 'number', value: 2.5, unit: 'percent', written: '2.5%' });
    assert.deepEqual(literal('((responseCode == 404))'), { kind: 'number', value: 404, written: '404' });
    assert.deepEqual(literal('((healthScore < -0.5))'), { kind: 'number', value: -0.5, written: '-0.5' });
  });

  test('an unknown unit is named with its column', () => {
    assert.deepEqual(failure('((loss > 10 bananas))'), {
      message: "unknown unit 'bananas' at column 13 (units: %, ms, s, min, Mbps, kbps)",
      column: 13,
    });
  });
});

describe('errors name the column', () => {
  const cases: [string, string, number][] = [
    // "((loss 10%))": the number where the operator belongs is at column 8.
    ['((loss 10%))', "expected a comparison operator after 'loss' at column 8, found '10'", 8],
    ['((loss = 10%))', "'=' at column 8 is not an operator (equality is ==)", 8],
    ['((loss ! 10%))', "expected '!=' at column 8", 8],
    ['((loss >= 10%) & (jitter > 1))', "expected '&&' at column 16, found '& '", 16],
    ['((loss >= 10%)', "expected ')' (closing the '(' at column 1) at column 15, found the end of the expression", 15],
    ['((loss >= 10%)))', "')' at column 16 closes no '('", 16],
    ['((loss >= ))', "expected a number or a quoted string after 'loss' >= at column 11, found ')'", 11],
    ['((>= 10))', "expected '(' or a metric name at column 3, found '>='", 3],
    ['((loss >= 10%) (jitter > 1))', "expected ')' (closing the '(' at column 1) at column 16, found '('", 16],
    ['((loss >= 10%)) loss', "expected '&&', '||' or the end of the expression at column 17, found 'loss'", 17],
    [
      '((errorType > "None"))',
      "'>' compares numbers; 'errorType' is compared with a string at column 15 (use == or !=)",
      15,
    ],
    ['((hops((hops((hopDelay > 1))))))', 'hops(…) at column 9 is inside another hops(…)', 9],
    ['', 'the expression is empty', 1],
    ['   ', 'the expression is empty', 1],
    // The vendor's v6 location filter prefix is not read.
    ['[(locationId in {"58"})]((x > 1))', "unexpected character '[' at column 1", 1],
    ['((loss >= 1e3))', "unknown unit 'e3' at column 12 (units: %, ms, s, min, Mbps, kbps)", 12],
  ];
  for (const [text, message, column] of cases) {
    test(text || '(empty)', () => assert.deepEqual(failure(text), { message, column }));
  }

  test('control characters in the text are escaped in the message', () => {
    const { message } = failure('((loss \u0007 1))');
    assert.equal(message, "unexpected character '\\u0007' at column 8");
  });
});

describe('hostile input is refused quickly', () => {
  const quickly = (text: string): { message: string; column: number } => {
    const started = performance.now();
    const result = failure(text);
    assert.ok(performance.now() - started < 1000, `took ${performance.now() - started} ms`);
    return result;
  };

  test('100,000 characters', () => {
    const { message } = quickly('((loss >= 10%)) && '.repeat(5300));
    assert.match(message, /^the expression is 100700 characters long; at most 2000 are read$/);
  });

  test('10,000 nested parentheses: over the length, and within it, over the depth', () => {
    assert.match(quickly('('.repeat(10_000) + 'loss > 1' + ')'.repeat(10_000)).message, /characters long/);
    const deep = '('.repeat(900) + 'loss > 1' + ')'.repeat(900);
    assert.ok(deep.length <= EXPRESSION_LIMITS.maxLength);
    assert.deepEqual(quickly(deep), { message: 'parentheses nest deeper than 32 levels at column 33', column: 33 });
    // 32 levels read.
    parsed('('.repeat(32) + 'loss > 1' + ')'.repeat(32));
  });

  test('a string with no closing quote', () => {
    assert.deepEqual(quickly('((errorType == "None))'), {
      message: 'the string opened at column 16 has no closing quote',
      column: 16,
    });
    const long = `((errorType == "${'x'.repeat(1900)}`;
    assert.equal(quickly(long).message, 'the string opened at column 16 has no closing quote');
  });

  test('more than 500 tokens', () => {
    // Each " && (a > 1)" is 11 characters and 6 tokens: 170 of them are 1,020 tokens in 1,878 characters.
    const many = '((a > 1)' + ' && (a > 1)'.repeat(170) + ')';
    assert.ok(many.length <= EXPRESSION_LIMITS.maxLength);
    assert.match(quickly(many).message, /^the expression has more than 500 tokens \(at column \d+\)$/);
  });
});

describe('the metrics an expression reads', () => {
  test('each once, in order, per hop inside hops(…)', () => {
    const condition = parsed(
      '((loss > 1%) && hops((hopDelay > 5 ms) && (network == "X")) || (loss < 50%) || (hopDelay > 1 ms))',
    );
    assert.deepEqual(metricsUsed(condition), [
      { metric: 'loss', inHops: false },
      { metric: 'hopDelay', inHops: true },
      { metric: 'network', inHops: true },
      { metric: 'hopDelay', inHops: false },
    ]);
  });
});
