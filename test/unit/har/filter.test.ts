import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { entryMatcher, parseFilter, parseSize, readHar, type ResourceType } from '../../../src/analysis/har';

const doc = readHar(JSON.parse(readFileSync(join(__dirname, '../../fixtures/har/edge-cases.har'), 'utf8')));
const urls = (text: string, types: ResourceType[] = []): string[] => doc.entries.filter(entryMatcher(text, new Set(types))).map((e) => e.url);

describe('DevTools filter expressions', () => {
  test('plain text matches anywhere in the URL, case-insensitively', () => {
    assert.deepEqual(urls('APP.JS'), ['https://cdn.example.net/app.js?v=3']);
  });

  test('domain: matches the host exactly or by wildcard', () => {
    assert.deepEqual(urls('domain:cdn.example.net'), ['https://cdn.example.net/app.js?v=3']);
    assert.equal(urls('domain:*.example.com').length, 3);
    assert.deepEqual(urls('domain:example.com'), []);
  });

  test('status-code:, method:, mime-type: and scheme: match their field', () => {
    assert.deepEqual(urls('status-code:503'), ['https://api.example.com/cart']);
    assert.deepEqual(urls('method:post'), ['https://api.example.com/cart']);
    assert.deepEqual(urls('mime-type:text/html'), ['https://portal.example.com/']);
    assert.deepEqual(urls('scheme:http'), ['http://portal.example.com/']);
  });

  test('larger-than: compares bytes on the wire, k = 1000', () => {
    assert.deepEqual(urls('larger-than:10k'), ['https://portal.example.com/']);
    assert.equal(parseSize('1.5M'), 1_500_000);
    assert.equal(parseSize('big'), undefined);
  });

  test('a leading - negates any clause, and clauses are ANDed', () => {
    assert.equal(urls('-domain:*.example.com').length, 2);
    assert.deepEqual(urls('domain:portal.example.com -scheme:http'), ['https://portal.example.com/']);
    assert.deepEqual(urls('-portal -cart -garbage'), ['https://cdn.example.net/app.js?v=3']);
  });

  test('/regex/ text is a regular expression over the URL', () => {
    assert.deepEqual(urls('/cart$/'), ['https://api.example.com/cart']);
  });

  test('type chips restrict to resource types; no chip means all', () => {
    assert.deepEqual(urls('', ['script']), ['https://cdn.example.net/app.js?v=3']);
    assert.deepEqual(urls('', ['fetch', 'document']), ['https://portal.example.com/', 'https://api.example.com/cart']);
    assert.equal(urls('').length, 5);
  });

  test('an unusable value is reported and ignored instead of hiding everything', () => {
    const parsed = parseFilter('status-code:abc larger-than:');
    assert.equal(parsed.clauses.length, 0);
    assert.equal(parsed.errors.length, 2);
    assert.equal(urls('status-code:abc').length, 5);
  });

  test('an unknown key is plain text (DevTools does the same)', () => {
    assert.deepEqual(parseFilter('foo:bar').clauses.map((c) => c.kind), ['text']);
  });
});
