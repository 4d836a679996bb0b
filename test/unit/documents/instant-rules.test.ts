import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { diagnose, expectOnly, lines } from './helpers';

function httpDoc(...body: string[]): string {
  return lines(
    '{',
    '  "type": "http-server",',
    '  "testName": "T",',
    '  "maxMachines": 5,',
    '  "url": "https://a.example/",',
    ...body,
    '}',
  );
}
function networkDoc(...body: string[]): string {
  return lines(
    '{',
    '  "type": "agent-to-server",',
    '  "testName": "T",',
    '  "maxMachines": 5,',
    '  "serverName": "a.example",',
    ...body,
    '}',
  );
}

describe('instant documents', () => {
  test('http-server without url is flagged on the type value', () => {
    const text = lines('{', '  "type": "http-server",', '  "testName": "T",', '  "maxMachines": 5', '}');
    expectOnly('instant', text, 'instant/target-missing', { start: [1, 10], end: [1, 23], text: '"http-server"' });
  });

  test('agent-to-server without serverName is flagged on the type value', () => {
    const text = lines('{', '  "type": "agent-to-server",', '  "testName": "T",', '  "maxMachines": 5', '}');
    const d = expectOnly('instant', text, 'instant/target-missing', {
      start: [1, 10],
      end: [1, 27],
      text: '"agent-to-server"',
    });
    assert.equal(d.message, 'agent-to-server instant tests need "serverName"');
  });

  test('an http-server field in an agent-to-server test is flagged on its key', () => {
    const d = expectOnly('instant', networkDoc('  "authType": "NONE"'), 'instant/field-of-other-type', {
      start: [5, 2],
      end: [5, 12],
      text: '"authType"',
    });
    assert.match(d.message, /http-server instant tests/);
  });

  test('serverName in an http-server test is flagged on its key', () => {
    expectOnly('instant', httpDoc('  "serverName": "a.example"'), 'instant/field-of-other-type', {
      start: [5, 2],
      end: [5, 14],
      text: '"serverName"',
    });
  });

  test('an enterprise field is flagged as belonging to test documents, with a hint for server', () => {
    const d = expectOnly(
      'instant',
      lines(
        '{',
        '  "type": "agent-to-server",',
        '  "testName": "T",',
        '  "maxMachines": 5,',
        '  "serverName": "a.example",',
        '  "server": "a.example"',
        '}',
      ),
      'instant/field-of-enterprise-test',
      { start: [5, 2], end: [5, 10], text: '"server"' },
    );
    assert.match(d.message, /name the target "serverName"/);
  });

  test('tcpProbeMode without networkProtocol TCP is flagged on its key', () => {
    const d = expectOnly(
      'instant',
      httpDoc('  "networkProtocol": "ICMP",', '  "tcpProbeMode": "SYN"'),
      'instant/tcp-only-field',
      { start: [6, 2], end: [6, 16], text: '"tcpProbeMode"' },
    );
    assert.match(d.message, /only when networkProtocol is "TCP"/);
  });

  test('pathtraceInSession without any networkProtocol (default ICMP) is flagged', () => {
    expectOnly('instant', httpDoc('  "pathtraceInSession": "true"'), 'instant/tcp-only-field', {
      start: [5, 2],
      end: [5, 22],
      text: '"pathtraceInSession"',
    });
  });

  test('tcpProbeMode with networkProtocol TCP is fine', () => {
    assert.deepEqual(diagnose('instant', httpDoc('  "networkProtocol": "TCP",', '  "tcpProbeMode": "SYN"')), []);
  });

  test('authType BASIC without password is flagged on the authType value', () => {
    const d = expectOnly(
      'instant',
      httpDoc('  "authType": "BASIC",', '  "username": "u"'),
      'instant/credentials-missing',
      { start: [5, 14], end: [5, 21], text: '"BASIC"' },
    );
    assert.equal(d.message, 'authType BASIC needs "password"');
  });

  test('a username without authType is flagged on its key', () => {
    expectOnly('instant', httpDoc('  "username": "u"'), 'instant/credentials-without-auth', {
      start: [5, 2],
      end: [5, 12],
      text: '"username"',
    });
  });

  test('a password with authType NONE is flagged on its key', () => {
    expectOnly('instant', httpDoc('  "authType": "NONE",', '  "password": "p"'), 'instant/credentials-without-auth', {
      start: [6, 2],
      end: [6, 12],
      text: '"password"',
    });
  });

  test('serverName with a protocol is flagged on the value', () => {
    const text = networkDoc().replace('"a.example"', '"http://a.example"');
    expectOnly('instant', text, 'instant/server-address', { start: [4, 16], end: [4, 34], text: '"http://a.example"' });
  });

  test('an invalid IPv4 serverName is flagged on the value', () => {
    expectOnly('instant', networkDoc().replace('"a.example"', '"10.1.1.256"'), 'instant/server-address', {
      start: [4, 16],
      end: [4, 28],
      text: '"10.1.1.256"',
    });
  });

  test('a url with another scheme is flagged on the value', () => {
    expectOnly('instant', httpDoc().replace('https://a.example/', 'ftp://a.example/'), 'instant/url-scheme', {
      start: [4, 9],
      end: [4, 27],
      text: '"ftp://a.example/"',
    });
  });

  test('a testId copied from a response is flagged on its key', () => {
    expectOnly('instant', networkDoc('  "testId": 5'), 'instant/service-assigned-field', {
      start: [5, 2],
      end: [5, 10],
      text: '"testId"',
    });
  });
});
