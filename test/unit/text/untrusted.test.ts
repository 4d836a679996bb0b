import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { hasActiveSyntax, neutralize, terminalSafe, untrustedLine } from '../../../src/analysis/text/untrusted';

/** The pattern VS Code's notifications use to turn message text into links (base/common/linkedText.ts). */
const NOTIFICATION_LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;

const HOSTILE = [
  'evil[click me](command:netmon.runInstantTest?%7B%22saveTo%22%3A%22file%3A%2F%2F%2Froot%2F.bashrc%22%7D).har',
  '[Open](command:netmon.documents.delete?["file:///w/prod.netmon-test.json",{"confirm":true}])',
  '[x](https://attacker.example/steal "title")',
  'prefix [a](file:///etc/passwd) suffix',
];

describe('neutralize', () => {
  test('no link survives in text VS Code would render as a notification link', () => {
    for (const text of HOSTILE) {
      assert.ok(text.match(NOTIFICATION_LINK), `fixture should be a link: ${text}`);
      assert.equal(neutralize(text).match(NOTIFICATION_LINK), null, text);
    }
  });

  test('the text still reads the same once zero-width spaces are removed', () => {
    for (const text of HOSTILE) assert.equal(neutralize(text).replace(/\u200B/g, ''), text);
  });

  test('icon syntax of quick picks and the status bar is broken', () => {
    assert.equal(neutralize('$(alert) urgent').includes('$('), false);
  });

  test('control characters and bidirectional overrides are removed; newlines stay', () => {
    assert.equal(neutralize('a\u001b[31mred\u202Egnp.exe\nnext'), 'a[31mredgnp.exe\nnext');
  });

  test('plain text is unchanged', () => {
    for (const text of ['Created test "VPN gateway" (1234)', 'a (b) [c] d', 'https://example.com/a(b)']) {
      assert.equal(neutralize(text), text);
      assert.equal(hasActiveSyntax(text), false);
    }
  });
});

describe('untrustedLine', () => {
  test('one line, capped with an ellipsis', () => {
    assert.equal(untrustedLine('a\nb\tc'), 'a b c');
    const long = untrustedLine('x'.repeat(500), 50);
    assert.equal(long.length, 50);
    assert.ok(long.endsWith('…'));
  });
});

describe('terminalSafe', () => {
  test('escape sequences cannot reach the terminal', () => {
    assert.equal(terminalSafe('title\u001b]0;pwned\u0007 \u009b2J end\n'), 'title]0;pwned 2J end\n');
  });
});
