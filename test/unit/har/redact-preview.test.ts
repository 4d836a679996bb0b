// The preview shown before an export: the rules that removed something, with counts and
// places, in the report's order; never a value.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { redactHar } from '../../../src/analysis/har/redact';
import { locationText, previewLine, redactionPreview } from '../../../src/analysis/har/redact-preview';

const chrome = JSON.parse(readFileSync(join(__dirname, '../../fixtures/har-redact/chrome.har'), 'utf8')) as unknown;

describe('redaction preview', () => {
  test('lists each rule that removed something, with counts that add up to the total, and no value', () => {
    const { report } = redactHar(chrome);
    const preview = redactionPreview(report);
    assert.ok(preview.rules.length > 0);
    assert.equal(
      preview.rules.reduce((sum, r) => sum + r.count, 0),
      preview.total,
    );
    assert.ok(preview.rules.every((r) => r.count === r.locations.length + r.more));
    const text = JSON.stringify(preview);
    for (const rule of preview.rules) assert.ok(text.includes(rule.description));
    const cookie = preview.rules.find((r) => r.id === 'cookie');
    assert.ok(
      cookie && cookie.locations.some((l) => /^request \d+ · (request|response) (cookie|header)/.test(l)),
      cookie?.locations.join(', '),
    );
  });

  test('names each request by method, host and path, and lists each cookie once per request', () => {
    const { har, report } = redactHar(chrome);
    const preview = redactionPreview(report, har);
    const cookie = preview.rules.find((r) => r.id === 'cookie');
    assert.ok(cookie);
    assert.equal(
      new Set(cookie.locations).size,
      cookie.locations.length,
      `a cookie listed twice: ${cookie.locations.join(', ')}`,
    );
    assert.ok(
      cookie.locations.includes('GET portal.example.com/account · request cookie sessionid'),
      cookie.locations.join(', '),
    );
    assert.ok(
      preview.rules.every((r) => r.locations.every((l) => !/^request \d+ ·/.test(l))),
      'no request is only a number',
    );
    assert.ok(!JSON.stringify(preview).includes('tok-chrome-AAA111'), 'the query of a URL is not shown');
    assert.equal(cookie.count, cookie.locations.length + cookie.more);
    assert.equal(
      preview.total,
      preview.rules.reduce((sum, r) => sum + r.count, 0),
    );
    assert.ok(cookie.count < report.rules.cookie.count, 'a cookie sent in the header and parsed is counted once');
  });

  test('a request name from outside text is neutralised and capped', () => {
    const url = `https://x.example/[a](command:evil)/${'p'.repeat(500)}`;
    const { har, report } = redactHar({
      log: {
        entries: [
          {
            request: { method: 'GET', url, headers: [{ name: 'Authorization', value: 'Bearer abcdefabcdef123456' }] },
            response: {},
          },
        ],
      },
    });
    const [location] = redactionPreview(report, har).rules.flatMap((r) => r.locations);
    assert.ok(location?.startsWith('GET x.example/'), location);
    assert.ok(!/\]\(/.test(location ?? ''), `link syntax is broken: ${location}`);
    assert.ok((location ?? '').length < 140, `the name is capped: ${location?.length}`);
  });

  test('locations read as words; nothing to redact says so', () => {
    assert.equal(
      locationText({ entry: 2, where: 'request.header', name: 'Authorization' }),
      'request 3 · request header Authorization',
    );
    assert.equal(locationText({ entry: 0, where: 'response.redirectURL' }), 'request 1 · redirect URL');
    assert.equal(locationText({ page: 0, where: 'page.title' }), 'page 1 · title');
    assert.equal(previewLine({ entries: 4, total: 0, rules: [] }), 'Nothing to redact in 4 requests.');
  });
});
