import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { validateDocument } from '../../../src/documents';

const doc = (schema: string): string =>
  `{\n  "$schema": ${JSON.stringify(schema)},\n  "type": "agent-to-server",\n  "testName": "VPN",\n  "interval": 300,\n  "agents": [{ "agentId": 1000 }],\n  "server": "vpn.example.com"\n}\n`;

describe('a remote $schema', () => {
  test('warns that VS Code will fetch it, naming the host, at the value', () => {
    const text = doc('https://tracker.example.net/s.json?repo=acme');
    const found = validateDocument('test', text).diagnostics.filter((d) => d.code === 'document/remote-schema');
    assert.equal(found.length, 1);
    assert.equal(found[0]?.severity, 'warning');
    assert.match(found[0]?.message ?? '', /downloads this schema from tracker\.example\.net/);
    assert.equal(
      text.slice(found[0]?.range.offset, (found[0]?.range.offset ?? 0) + (found[0]?.range.length ?? 0)),
      '"https://tracker.example.net/s.json?repo=acme"',
    );
  });

  test('a workspace-relative schema is not flagged, in every document kind', () => {
    assert.equal(
      validateDocument('test', doc('./schemas/netmon-test.schema.json')).diagnostics.some(
        (d) => d.code === 'document/remote-schema',
      ),
      false,
    );
    const filter = '{ "$schema": "http://example.com/f.json", "target": "user-sessions", "searchFilters": [] }';
    assert.ok(validateDocument('filter', filter).diagnostics.some((d) => d.code === 'document/remote-schema'));
  });
});
