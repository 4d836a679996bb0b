// Alert rule documents read by hand-built texts: a valid rule with its defaults, the schema and
// the reader agreeing on what is valid, and each mistake placed at the line and column a person
// would fix (an unknown metric at its own place inside the expression, not a silent "never fired").
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import Ajv from 'ajv';
import schema from '../../../schemas/netmon-alert-rule.schema.json';
import { isAlertRuleDocument, parseAlertRule } from '../../../src/documents/alert-rules/parse';

const doc = (fields: Record<string, unknown>): string => JSON.stringify(fields, null, 2);
const LOSS = { ruleName: 'Loss', alertType: 'end-to-end-server', expression: '((loss >= 10%))', tests: ['Zoom', 42] };

describe('alert rule documents', () => {
  test('a valid rule reads with the service defaults where it is silent', () => {
    const read = parseAlertRule(doc(LOSS));
    assert.ok(read.ok, JSON.stringify(read.problems));
    assert.equal(read.document.rule.ruleName, 'Loss');
    assert.equal(read.document.rule.roundsViolatingOutOf, 1);
    assert.deepEqual(read.document.tests, ['Zoom', 42]);
    assert.ok(isAlertRuleDocument('rules/loss.netmon-alert-rule.json'));
  });

  test('comments and trailing commas are allowed; alertType defaults to end-to-end-server', () => {
    const read = parseAlertRule('{\n  // why\n  "ruleName": "J",\n  "expression": "((jitter > 5 ms))",\n}');
    assert.ok(read.ok);
    assert.equal(read.document.rule.alertType, 'end-to-end-server');
  });

  test('an unknown metric is a problem at its line and column inside the expression', () => {
    const text = '{\n  "ruleName": "X",\n  "expression": "((packetLoss >= 10%))"\n}';
    const read = parseAlertRule(text);
    assert.equal(read.ok, false);
    const [problem] = read.problems;
    assert.match(problem!.message, /metric 'packetLoss' .* is not in end-to-end-server data/);
    assert.equal(problem!.line, 3);
    // `  "expression": "((` is 19 characters: the metric starts at column 20.
    assert.equal(problem!.column, 20);
    assert.equal(text.slice(problem!.offset, problem!.offset + problem!.length), 'packetLoss');
  });

  test('a syntax error of the expression and a metric in the wrong unit are problems', () => {
    const broken = parseAlertRule(doc({ ...LOSS, expression: '((loss >= ))' }));
    assert.equal(broken.ok, false);
    assert.match(broken.problems[0]!.message, /^expression: expected a number/);
    const unit = parseAlertRule(doc({ ...LOSS, expression: '((loss > 10 ms))' }));
    assert.match(unit.problems[0]!.message, /'loss' .* takes %, not 10 ms/);
  });

  test('missing, unknown and mistyped fields each name their field', () => {
    const read = parseAlertRule(
      doc({ expression: '((loss > 1%))', roundsViolatingMode: 'sometimes', minimumSourcesPct: 120, colour: 1 }),
    );
    const said = read.problems.map((p) => p.message).sort();
    assert.deepEqual(said, [
      'minimumSourcesPct must be a number from 0 to 100',
      'roundsViolatingMode must be one of exact, any, auto, not "sometimes"',
      'ruleName is required',
      'unknown field "colour"',
    ]);
    const tests = parseAlertRule(doc({ ...LOSS, tests: ['ok', 1.5] }));
    assert.match(tests.problems[0]!.message, /^tests: each test is a name \(text\) or an id/);
  });

  test('a JSON syntax error is placed at its line', () => {
    const read = parseAlertRule('{\n  "ruleName": "X",\n  "expression" "((loss > 1%))"\n}');
    assert.equal(read.ok, false);
    assert.equal(read.problems[0]!.line, 3);
  });

  test('the schema and the reader agree on what is valid', () => {
    const validate = new Ajv({ strict: false }).compile(schema);
    for (const example of schema.examples) assert.ok(validate(example) && parseAlertRule(doc(example)).ok);
    for (const bad of [{ ...LOSS, alertType: 'nope' }, { ...LOSS, roundsViolatingOutOf: 0 }, { ruleName: 'x' }]) {
      assert.equal(validate(bad), false, JSON.stringify(bad));
      assert.equal(parseAlertRule(doc(bad)).ok, false, JSON.stringify(bad));
    }
  });
});
