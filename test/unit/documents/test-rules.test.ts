import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { diagnose, expectOnly, lines } from './helpers';
import { validateDocument } from '../../../src/documents';

/** A valid test document of `type` with `body` lines for the target and extras. */
function testDoc(type: string, ...body: string[]): string {
  return lines(
    '{',
    `  "type": "${type}",`,
    '  "testName": "T",',
    '  "interval": 60,',
    '  "agents": [{ "agentId": 1001 }],',
    ...body,
    '}',
  );
}

describe('test documents: target field per type', () => {
  const cases: [string, string][] = [
    ['agent-to-server', 'server'],
    ['agent-to-agent', 'targetAgentId'],
    ['dns-trace', 'domain'],
    ['dns-server', 'domain'],
    ['dns-dnssec', 'domain'],
    ['http-server', 'url'],
    ['page-load', 'url'],
  ];
  for (const [type, field] of cases) {
    test(`${type} without ${field} is flagged on the type value`, () => {
      const d = expectOnly('test', testDoc(type, '  "enabled": 1'), 'test/target-missing', {
        start: [1, 10],
        end: [1, 12 + type.length],
        text: `"${type}"`,
      });
      assert.equal(d.message, `${type} tests need "${field}"`);
    });
  }

  test('web-transactions needs both url and transactionScript', () => {
    const d = expectOnly('test', testDoc('web-transactions', '  "url": "https://a.example/"'), 'test/target-missing', {
      start: [1, 10],
      end: [1, 28],
      text: '"web-transactions"',
    });
    assert.equal(d.message, 'web-transactions tests need "transactionScript"');
  });

  test('a target of another type is flagged on its key, naming the right field', () => {
    const text = testDoc('http-server', '  "url": "https://a.example/",', '  "server": "a.example"');
    const d = expectOnly('test', text, 'test/field-of-other-type', { start: [6, 2], end: [6, 10], text: '"server"' });
    assert.equal(d.message, '"server" belongs to agent-to-server tests; http-server tests use "url"');
  });

  test('an instant-test field is flagged as belonging to instant tests (and not also by the schema)', () => {
    const text = testDoc('agent-to-server', '  "server": "a.example",', '  "maxMachines": 5');
    const d = expectOnly('test', text, 'test/field-of-instant-test', {
      start: [6, 2],
      end: [6, 15],
      text: '"maxMachines"',
    });
    assert.match(d.message, /\.netmon-instant\.json/);
  });

  test('a service-assigned field copied from a response is flagged on its key', () => {
    const text = testDoc('agent-to-server', '  "server": "a.example",', '  "testId": 12');
    expectOnly('test', text, 'test/service-assigned-field', { start: [6, 2], end: [6, 10], text: '"testId"' });
  });

  test('response fields inside an agent entry are flagged on their key', () => {
    const text = testDoc('dns-trace', '  "domain": "example.com"').replace(
      '{ "agentId": 1001 }',
      '{ "agentId": 1001, "location": "dc1" }',
    );
    expectOnly('test', text, 'test/agent-response-field', { start: [4, 32], end: [4, 42], text: '"location"' });
  });

  test('an agent is given by agentId or by agentName, not both', () => {
    const text = testDoc('dns-trace', '  "domain": "example.com"').replace(
      '{ "agentId": 1001 }',
      '{ "agentId": 1001, "agentName": "dc1" }',
    );
    expectOnly('test', text, 'test/agent-id-and-name', { start: [4, 32], end: [4, 43], text: '"agentName"' });
    const named = testDoc('dns-trace', '  "domain": "example.com"').replace(
      '{ "agentId": 1001 }',
      '{ "agentName": "dc1" }',
    );
    assert.deepEqual(validateDocument('test', named).diagnostics, [], 'a named agent alone is fine offline');
  });

  test('an agent listed twice is a warning on the second entry', () => {
    const text = testDoc('dns-trace', '  "domain": "example.com"').replace(
      '{ "agentId": 1001 }',
      '{ "agentId": 1001 }, { "agentId": "1001" }',
    );
    const d = expectOnly('test', text, 'test/duplicate-agent', { start: [4, 47], end: [4, 53], text: '"1001"' });
    assert.equal(d.severity, 'warning');
  });

  test('the target agent of an agent-to-agent test cannot be one of its agents', () => {
    expectOnly('test', testDoc('agent-to-agent', '  "targetAgentId": 1001'), 'test/target-agent-in-agents', {
      start: [4, 26],
      end: [4, 30],
      text: '1001',
    });
  });

  test('an invalid IPv4 server address is flagged on the value', () => {
    const d = expectOnly('test', testDoc('agent-to-server', '  "server": "10.0.300.1:443"'), 'test/server-address', {
      start: [5, 12],
      end: [5, 28],
      text: '"10.0.300.1:443"',
    });
    assert.match(d.message, /not a valid IPv4 address/);
  });

  test('a server port out of range is flagged on the value', () => {
    expectOnly('test', testDoc('agent-to-server', '  "server": "a.example:70000"'), 'test/server-address', {
      start: [5, 12],
      end: [5, 29],
      text: '"a.example:70000"',
    });
  });

  test('a server with a scheme is flagged', () => {
    const d = expectOnly('test', testDoc('agent-to-server', '  "server": "https://a.example"'), 'test/server-address', {
      start: [5, 12],
      end: [5, 31],
      text: '"https://a.example"',
    });
    assert.match(d.message, /without protocol/);
  });

  test('IPv6 and host:port servers are fine', () => {
    assert.deepEqual(diagnose('test', testDoc('agent-to-server', '  "server": "[2001:db8::1]:443"')), []);
    assert.deepEqual(diagnose('test', testDoc('agent-to-server', '  "server": "2001:db8::1"')), []);
    assert.deepEqual(diagnose('test', testDoc('agent-to-server', '  "server": "192.0.2.1:8080"')), []);
  });
  test('a test url with a scheme other than http(s) is flagged on the value', () => {
    expectOnly('test', testDoc('page-load', '  "url": "ftp://a.example/"'), 'test/url-scheme', {
      start: [5, 9],
      end: [5, 27],
      text: '"ftp://a.example/"',
    });
  });
  test('javascript:, data:, mailto:, a bare scheme and user:password@ are flagged; host forms the service completes are not', () => {
    const problem = (url: string): string | undefined =>
      diagnose('test', testDoc('http-server', `  "url": ${JSON.stringify(url)}`)).find(
        (d) => d.code === 'test/url-scheme',
      )?.message;
    assert.match(problem('javascript:alert(1)') ?? '', /not javascript/);
    assert.match(problem('data:text/html,<b>x</b>') ?? '', /not data/);
    assert.match(problem('mailto:a@b.c') ?? '', /not mailto/);
    assert.match(problem('https://') ?? '', /needs a host name/);
    assert.match(problem('https://admin:secret@portal.example.com/') ?? '', /user name or password/);
    for (const fine of [
      'portal.example.com',
      'portal.example.com:8443/health',
      'https://portal.example.com/a?b=1',
      'http://[2001:db8::1]:8080/',
    ])
      assert.equal(problem(fine), undefined, fine);
  });
});
