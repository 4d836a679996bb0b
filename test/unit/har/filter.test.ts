import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  entryMatcher,
  parseFilter,
  parseSize,
  readHar,
  type HarRequestEntry,
  type ResourceType,
} from '../../../src/analysis/har';
import { applyCompletion, filterCompletions, filterValuesOf } from '../../../src/analysis/har/filter-complete';

const doc = readHar(JSON.parse(readFileSync(join(__dirname, '../../fixtures/har/edge-cases.har'), 'utf8')));
const urls = (text: string, types: ResourceType[] = []): string[] =>
  doc.entries.filter(entryMatcher(text, new Set(types))).map((e) => e.url);

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
    assert.deepEqual(
      parseFilter('foo:bar').clauses.map((c) => c.kind),
      ['text'],
    );
  });

  test('status-code: takes a class (4xx) or an inclusive range (300-399)', () => {
    assert.deepEqual(urls('status-code:5xx'), ['https://api.example.com/cart']);
    assert.deepEqual(urls('status-code:300-399'), ['http://portal.example.com/']);
    assert.deepEqual(urls('-status-code:2xx -status-code:0'), [
      'http://portal.example.com/',
      'https://api.example.com/cart',
    ]);
    assert.equal(
      parseFilter('status-code:499-400').errors.length,
      1,
      'a reversed range is an error, not an empty list',
    );
  });

  test('resource-type: takes our types and DevTools names (xhr is fetch); has-response-header: matches a header name in any case', () => {
    assert.deepEqual(urls('resource-type:script'), ['https://cdn.example.net/app.js?v=3']);
    assert.deepEqual(urls('resource-type:xhr'), ['https://api.example.com/cart']);
    assert.deepEqual(urls('has-response-header:location'), ['http://portal.example.com/']);
    assert.deepEqual(urls('-has-response-header:content-type resource-type:fetch'), ['https://api.example.com/cart']);
    assert.match(
      parseFilter('resource-type:banana').errors[0] ?? '',
      /resource-type: cannot use "banana" \(e\.g\. resource-type:script\)/,
    );
  });

  test('is:from-cache keeps what the browser cache served', () => {
    const entries = doc.entries.map((e, i): HarRequestEntry => ({ ...e, fromCache: i === 2 }));
    assert.deepEqual(
      entries.filter(entryMatcher('is:from-cache')).map((e) => e.url),
      ['https://cdn.example.net/app.js?v=3'],
    );
    assert.equal(entries.filter(entryMatcher('-is:from-cache')).length, 4);
    assert.equal(parseFilter('is:running').errors.length, 1, 'a HAR has no running requests to show');
  });
});

describe('filter box completion', () => {
  const values = filterValuesOf(doc.entries);

  test('a word typed completes to the keys it starts, negation kept', () => {
    assert.deepEqual(
      filterCompletions('status', values).items.map((i) => i.label),
      ['status-code:'],
    );
    assert.deepEqual(
      filterCompletions('cart -re', values).items.map((i) => i.label),
      ['-resource-type:'],
    );
    assert.deepEqual(filterCompletions('', values).items, [], 'nothing typed, nothing offered');
    assert.ok(
      filterCompletions('h', values).items.every((i) => i.detail.length > 0),
      'each key says what it matches',
    );
  });

  test('after key: the values this HAR holds, most used first', () => {
    assert.deepEqual(
      filterCompletions('domain:', values).items.map((i) => i.insert),
      ['portal.example.com', 'api.example.com', 'cdn.example.net'].map((d) => `domain:${d}`),
    );
    assert.deepEqual(
      filterCompletions('-has-response-header:l', values).items.map((i) => i.insert),
      ['-has-response-header:location'],
    );
    assert.deepEqual(
      filterCompletions('status-code:5', values).items.map((i) => i.insert),
      ['status-code:503'],
    );
    assert.deepEqual(
      filterCompletions('is:', values).items.map((i) => i.insert),
      ['is:from-cache'],
    );
  });

  test('accepting replaces the word: a key waits for its value, a value starts the next clause', () => {
    const [key] = filterCompletions('cart sta', values).items;
    assert.equal(applyCompletion('cart sta', key!), 'cart status-code:');
    const [value] = filterCompletions('cart status-code:3', values).items;
    assert.equal(applyCompletion('cart status-code:3', value!), 'cart status-code:301 ');
  });
});
