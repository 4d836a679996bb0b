import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { diagnose, expectOnly, lines } from './helpers';

const validTest = (extra: string): string =>
  lines(
    '{',
    '  "type": "agent-to-server",',
    '  "testName": "T",',
    '  "interval": 300,',
    '  "agents": [{ "agentId": 1001 }],',
    `  "server": "example.com"${extra}`,
    '}',
  );

describe('schema errors land on the offending node', () => {
  test('an interval the service refuses is an error on the value, naming the ones it accepts', () => {
    const d = expectOnly('test', validTest('').replace('300', '450'), 'test/interval', {
      start: [3, 14],
      end: [3, 17],
      text: '450',
    });
    assert.equal(d.severity, 'error');
    assert.equal(
      d.message,
      '"interval" must be one of 60, 120, 300, 600, 900, 1800, 3600 seconds: the service refuses 450',
    );
  });

  test('an enum value outside the set underlines the value', () => {
    const d = expectOnly('test', validTest(',\n  "enabled": 2'), 'schema/enum', {
      start: [6, 13],
      end: [6, 14],
      text: '2',
    });
    assert.equal(d.message, '"enabled" must be one of 0, 1, true, false');
  });

  test('an unknown property underlines its key', () => {
    const d = expectOnly('test', validTest(',\n  "colour": "red"'), 'schema/additionalProperties', {
      start: [6, 2],
      end: [6, 10],
      text: '"colour"',
    });
    assert.equal(d.message, 'Property "colour" is not allowed');
  });

  test('a missing required property underlines the object that misses it', () => {
    const text = validTest('').replace('[{ "agentId": 1001 }]', '[{ "agentid": 1001 }]');
    const diagnostics = diagnose('test', text);
    const required = diagnostics.find((d) => d.code === 'schema/required');
    assert.ok(required, JSON.stringify(diagnostics));
    assert.equal(
      text.slice(required.range.offset, required.range.offset + required.range.length),
      '{ "agentid": 1001 }',
    );
    assert.deepEqual(required.range.start, { line: 4, character: 13 });
    assert.equal(required.message, 'Missing required property "agentId" in "agents[0]"');
  });

  test('a wrong type deep in an array underlines that element', () => {
    expectOnly('test', validTest('').replace('1001', '"A1"'), 'schema/pattern', {
      start: [4, 26],
      end: [4, 30],
      text: '"A1"',
    });
  });

  test('a bad account group key in deployments underlines the key', () => {
    const text = validTest(',\n  "deployments": { "demo": { "main": 3 } }');
    expectOnly('test', text, 'schema/pattern', { start: [6, 29], end: [6, 35], text: '"main"' });
  });

  test('instant ranges: maxMachines above 5000', () => {
    const text = lines(
      '{',
      '  "type": "agent-to-server",',
      '  "testName": "x",',
      '  "serverName": "a.example",',
      '  "maxMachines": 5001',
      '}',
    );
    const d = expectOnly('instant', text, 'schema/maximum', { start: [4, 17], end: [4, 21], text: '5001' });
    assert.equal(d.message, '"maxMachines" must be <= 5000');
  });

  test('window pattern and from format are schema errors on the value', () => {
    const base = (range: string): string =>
      lines('{', '  "target": "web",', '  "searchFilters": [],', `  ${range}`, '}');
    expectOnly('filter', base('"window": "2 days"'), 'schema/pattern', {
      start: [3, 12],
      end: [3, 20],
      text: '"2 days"',
    });
    expectOnly('filter', base('"from": "2026-11-01 00:00:00"'), 'schema/pattern', {
      start: [3, 10],
      end: [3, 31],
      text: '"2026-11-01 00:00:00"',
    });
  });

  test('a JSON syntax error is reported where the parser stopped', () => {
    const text = lines('{', '  "type": "dns-trace"', '  "testName": "x"', '}');
    const syntax = diagnose('test', text).filter((d) => d.source === 'syntax');
    assert.equal(syntax.length, 1);
    assert.equal(syntax[0]?.code, 'syntax/CommaExpected');
    assert.deepEqual(syntax[0]?.range.start, { line: 2, character: 2 });
  });

  test('comments and trailing commas are not errors', () => {
    const text = lines(
      '{ // c',
      '  "type": "dns-trace", /* b */',
      '  "testName": "x",',
      '  "interval": 60,',
      '  "agents": [{ "agentId": 1, },],',
      '  "domain": "example.com",',
      '}',
    );
    assert.deepEqual(diagnose('test', text), []);
  });

  test('a document that is not an object is one error over the whole value', () => {
    expectOnly('filter', '[1, 2]', 'schema/type', { start: [0, 0], end: [0, 6], text: '[1, 2]' });
  });
});
