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
    assert.equal(preview.rules.reduce((sum, r) => sum + r.count, 0), preview.total);
    assert.ok(preview.rules.every((r) => r.count === r.locations.length + r.more));
    const text = JSON.stringify(preview);
    for (const rule of preview.rules) assert.ok(text.includes(rule.description));
    const cookie = preview.rules.find((r) => r.id === 'cookie');
    assert.ok(cookie && cookie.locations.some((l) => /^request \d+ · (request|response) (cookie|header)/.test(l)), cookie?.locations.join(', '));
  });

  test('locations read as words; nothing to redact says so', () => {
    assert.equal(locationText({ entry: 2, where: 'request.header', name: 'Authorization' }), 'request 3 · request header Authorization');
    assert.equal(locationText({ entry: 0, where: 'response.redirectURL' }), 'request 1 · redirect URL');
    assert.equal(locationText({ page: 0, where: 'page.title' }), 'page 1 · title');
    assert.equal(previewLine({ entries: 4, total: 0, rules: [] }), 'Nothing to redact in 4 requests.');
  });
});
