import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  bindingEdits,
  computePlan,
  listBindings,
  readBinding,
  removeBinding,
  setBinding,
  validateDocument,
} from '../../../src/documents';

const fixture = (name: string): string =>
  readFileSync(`test/fixtures/documents/edits/${name}.netmon-test.json`, 'utf8');

/** Length of the common prefix and suffix: what an edit left untouched at both ends. */
function untouched(before: string, after: string): { prefix: number; suffix: number } {
  let prefix = 0;
  while (prefix < before.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (suffix < before.length - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix])
    suffix++;
  return { prefix, suffix };
}

describe("binding edits keep the user's bytes", () => {
  test('adding deployments to a file with comments, trailing commas and odd indentation', () => {
    const original = fixture('odd-indent');
    const updated = setBinding(original, 'demo', undefined, 42);
    assert.equal(
      updated,
      original.replace(
        '   "server": "a.example",\n',
        [
          '   "server": "a.example",',
          '   "deployments": {',
          '      "demo": {',
          '         "default": 42',
          '      }',
          '   },',
          '',
        ].join('\n'),
      ),
    );
    assert.equal(readBinding(updated, 'demo'), 42);
    assert.deepEqual(validateDocument('test', updated).diagnostics, []);
  });

  test('CRLF file whose last property has a comment and no trailing comma', () => {
    const original = fixture('crlf');
    const updated = setBinding(original, 'demo', 1234, 7);
    assert.equal(
      updated,
      original.replace(
        '"domain": "a.example" // last, no comma\r\n',
        '"domain": "a.example", // last, no comma\r\n  "deployments": {\r\n    "demo": {\r\n      "1234": 7\r\n    }\r\n  }\r\n',
      ),
    );
    assert.equal(
      removeBinding(updated, 'demo', 1234),
      original,
      'removing the binding restores the file byte for byte',
    );
  });

  test('a one-line document stays on one line', () => {
    const original = fixture('one-line');
    const updated = setBinding(original, 'demo', undefined, 9);
    assert.equal(
      updated,
      original.replace('"https://a.example/"}', '"https://a.example/", "deployments": {"demo":{"default":9}}}'),
    );
    assert.equal(removeBinding(updated, 'demo'), original);
  });

  test('changing a recorded testId rewrites only the number', () => {
    const original = fixture('bound');
    const edits = bindingEdits(original, 'demo', 'default', 4100);
    assert.equal(edits.length, 1);
    const updated = setBinding(original, 'demo', 'default', 4100);
    const { prefix, suffix } = untouched(original, updated);
    assert.equal(prefix + suffix, original.length, 'every original byte is still there, in place');
    assert.equal(updated.slice(prefix, updated.length - suffix), '00');
    assert.equal(readBinding(updated, 'demo'), 4100);
  });

  test('a second connection and account group go next to the first, keeping its trailing comma and comment', () => {
    const original = fixture('bound');
    const updated = setBinding(original, 'demo', 77, 5);
    assert.ok(updated.includes('"demo": { "default": 41, "77": 5, }, // keep me'), updated);
    assert.deepEqual(listBindings(updated), [
      { connectionKey: 'demo', aid: 'default', testId: 41 },
      { connectionKey: 'demo', aid: '77', testId: 5 },
      { connectionKey: 'https://api.example.com', aid: '1234', testId: 500 },
    ]);
    assert.equal(removeBinding(updated, 'demo', 77), original);
  });

  test('removing the last account group of a connection removes the connection entry, comment on its line included', () => {
    const original = fixture('bound');
    const updated = removeBinding(original, 'demo');
    assert.equal(updated, original.replace('        "demo": { "default": 41, }, // keep me\n', ''));
    assert.deepEqual(validateDocument('test', updated).diagnostics, []);
  });

  test('removing the only binding removes deployments and the comma before it', () => {
    const original = fixture('bound');
    const once = removeBinding(removeBinding(original, 'demo'), 'https://api.example.com', 1234);
    assert.equal(
      once,
      [
        '{',
        '    "type": "http-server",',
        '    "testName": "Bound",',
        '    "interval": 120,',
        '    "agents": [{ "agentId": 1001 }],',
        '    "url": "https://a.example/"',
        '    /* written by Netmon Workbench */',
        '}',
        '',
      ].join('\n'),
    );
  });

  test('removing a binding that does not exist changes nothing', () => {
    const original = fixture('odd-indent');
    assert.equal(removeBinding(original, 'demo'), original);
  });
});

describe('bindings belong to the service and account group, not to a user', () => {
  const legacy =
    '{\n  "type": "agent-to-server",\n  // keep me\n  "deployments": {\n    "https://api.example.com|ann@example.com": { "1001": 42 }\n  }\n}\n';

  test('an older <baseUrl>|<e-mail> binding is read for everyone on that service', () => {
    assert.equal(readBinding(legacy, 'https://api.example.com', 1001), 42);
    assert.equal(readBinding(legacy, 'https://api.example.com.evil', 1001), undefined);
    assert.equal(readBinding(legacy, 'https://api.example.com', 1002), undefined);
  });

  test('the next write moves it to the new key, dropping the e-mail, byte for byte elsewhere', () => {
    const written = setBinding(legacy, 'https://api.example.com', 1001, 43);
    assert.ok(!written.includes('ann@example.com'), written);
    assert.equal(readBinding(written, 'https://api.example.com', 1001), 43);
    assert.ok(written.startsWith('{\n  "type": "agent-to-server",\n  // keep me\n'), written);
    assert.ok(!removeBinding(legacy, 'https://api.example.com', 1001).includes('deployments'));
  });

  test('plan reads the older form as bound', () => {
    const text =
      '{ "type": "agent-to-server", "testName": "A", "interval": 300, "agents": [{ "agentId": 1000 }], "server": "a.example.com", "deployments": { "https://api.example.com|bob@example.com": { "1001": 7 } } }';
    const plan = computePlan({
      documents: [{ uri: 'file:///a.netmon-test.json', text }],
      connectionKey: 'https://api.example.com',
      aid: 1001,
      deployed: [
        {
          testId: 7,
          testName: 'A',
          type: 'agent-to-server',
          interval: 300,
          agents: [{ agentId: 1000 }],
          server: 'a.example.com:80',
        },
      ],
    });
    assert.deepEqual(plan.steps, []);
    assert.deepEqual(plan.unchanged, [{ uri: 'file:///a.netmon-test.json', testId: 7 }]);
  });
});
