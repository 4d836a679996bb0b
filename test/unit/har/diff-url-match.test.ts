// The URL normalisation behind the HAR diff: what each rule ignores, the note it leaves,
// what it must leave alone, and the rules exported as data.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isFileNameHash, normaliseUrl, URL_MATCH_LIMITS, URL_MATCH_RULES } from '../../../src/analysis/har/url-match';

const key = (url: string): string => normaliseUrl(url).url;
const notes = (url: string): string[] => normaliseUrl(url).notes.map((n) => n.text);

describe('normaliseUrl: cache-busters', () => {
  test('a cache-buster name keeps the name and ignores the value, and says which', () => {
    assert.equal(
      key('https://cdn.example.net/lib/analytics.js?v=1700000000123'),
      'https://cdn.example.net/lib/analytics.js?v=*',
    );
    assert.deepEqual(notes('https://cdn.example.net/lib/analytics.js?v=1700000000123'), [
      'query v ignored (cache-buster)',
    ]);
    for (const name of ['_', 'v', 't', 'ts', 'cb', 'rand', 'nocache', '_dc']) {
      const a = key(`https://a.example/x.js?${name}=1&keep=2`);
      assert.equal(a, key(`https://a.example/x.js?${name}=999&keep=2`), name);
      assert.equal(a, `https://a.example/x.js?${name}=*&keep=2`);
    }
  });

  test('names are matched case-insensitively and quoted as written', () => {
    assert.deepEqual(notes('https://a.example/x?NoCache=5'), ['query NoCache ignored (cache-buster)']);
  });

  test('timestamp-like and random-looking values are ignored under any name', () => {
    assert.equal(key('https://a.example/p.gif?now=1700000000123'), 'https://a.example/p.gif?now=*');
    assert.equal(key('https://a.example/app.css?1700000000'), 'https://a.example/app.css?*');
    assert.deepEqual(notes('https://a.example/app.css?1700000000'), ['query value ignored (timestamp-like value)']);
    assert.equal(
      key('https://a.example/c?cid=5f2b9e0c-1d3a-4c7e-9b1f-0a2b3c4d5e6f&r=0.8123456712'),
      'https://a.example/c?cid=*&r=*',
    );
    assert.equal(key('https://a.example/c?token=aB3dE5gH7jK9mN1pQ'), 'https://a.example/c?token=*');
  });

  test('ordinary values are kept: ids, pages, words, versions, short numbers', () => {
    for (const url of [
      'https://a.example/api?page=2&limit=25',
      'https://a.example/s?q=hello-world-2024-edition',
      'https://a.example/p?id=4812',
      'https://a.example/g?id=GTM-ABC123',
      'https://a.example/d?date=20231101',
      'https://a.example/n?n=12345678901234567890123',
    ]) {
      assert.equal(key(url), url, url);
      assert.deepEqual(notes(url), [], url);
    }
  });
});

describe('normaliseUrl: hashes in file names', () => {
  const cases: [string, string][] = [
    ['https://s.example/static/js/main.3f2a9c1b.js', 'https://s.example/static/js/main.[hash].js'],
    ['https://s.example/css/main-8d7e6f.css', 'https://s.example/css/main-[hash].css'],
    ['https://s.example/js/chunk.0a1b2c3d4e5f.js', 'https://s.example/js/chunk.[hash].js'],
    ['https://s.example/js/3.a1b2c3d4.chunk.js', 'https://s.example/js/3.[hash].chunk.js'],
    ['https://s.example/assets/index-D5xY2_aB.js', 'https://s.example/assets/index-[hash].js'],
    ['https://s.example/assets/vendor_9f8e7d6c.js', 'https://s.example/assets/vendor_[hash].js'],
    ['https://s.example/0f1e2d3c4b5a6978.js', 'https://s.example/[hash].js'],
    ['https://s.example/app.12345678.js', 'https://s.example/app.[hash].js'],
    ['https://s.example/main-8d7e6f.min.css?v=2', 'https://s.example/main-[hash].min.css?v=*'],
  ];
  for (const [url, expected] of cases) {
    test(`${url.slice(17)} → ${expected.slice(17)}`, () => {
      assert.equal(key(url), expected);
      assert.ok(notes(url).includes('file-name hash ignored'));
    });
  }

  test('two builds of one file get one key', () => {
    assert.equal(key('https://s.example/app.3f2a9c1b.js'), key('https://s.example/app.8e1d0a77.js'));
    assert.equal(key('https://s.example/index-D5xY2_aB.js'), key('https://s.example/index-Bq9Zk3Lm.js'));
  });

  test('names that only look a little like hashes are kept', () => {
    for (const url of [
      'https://s.example/roboto-v30-latin-regular.woff2',
      'https://s.example/jquery-3.6.0.min.js',
      'https://s.example/polyfills-es2015.js',
      'https://s.example/IMG_20230102_123456.jpg',
      'https://s.example/Logo2024Dark.png',
      'https://s.example/cover-2024-01.avif',
      'https://s.example/facade.js',
      'https://s.example/banner@2x.webp',
      'https://s.example/20231101.jpg',
      'https://s.example/README',
    ]) {
      assert.equal(key(url), url, url);
    }
    assert.equal(isFileNameHash('decade'), false, 'hex letters without a digit');
    assert.equal(isFileNameHash('3f2a9c'), true);
  });

  test('a build id directory is ignored, an ordinary directory is not', () => {
    assert.equal(
      key('https://n.example/_next/static/Vq3zK8x_yJ0aB1cD2eF3g/_buildManifest.js'),
      'https://n.example/_next/static/[hash]/_buildManifest.js',
    );
    assert.deepEqual(notes('https://n.example/_next/static/Vq3zK8x_yJ0aB1cD2eF3g/_buildManifest.js'), [
      'path segment hash ignored (build id)',
    ]);
    assert.equal(
      key('https://n.example/very-long-directory-name/x.js'),
      'https://n.example/very-long-directory-name/x.js',
    );
  });
});

describe('normaliseUrl: session ids', () => {
  test('a ;jsessionid path parameter is dropped', () => {
    assert.equal(key('https://a.example/cart;jsessionid=8F3A2B1C9D0E4F5A'), 'https://a.example/cart');
    assert.equal(key('https://a.example/shop;JSESSIONID=1/cart;x=1;jsessionid=2'), 'https://a.example/shop/cart;x=1');
    assert.deepEqual(notes('https://a.example/cart;jsessionid=8F'), ['path ;jsessionid ignored (session id)']);
  });

  test('session query parameters are ignored', () => {
    for (const name of ['PHPSESSID', 'sid', 'session', 'jsessionid', 'sessionid']) {
      assert.equal(key(`https://a.example/x?${name}=abc&limit=20`), `https://a.example/x?${name}=*&limit=20`, name);
      assert.deepEqual(notes(`https://a.example/x?${name}=abc`), [`query ${name} ignored (session id)`]);
    }
  });
});

describe('normaliseUrl: the rest of the URL', () => {
  test('scheme and host are lower-cased; credentials, default ports and fragments go', () => {
    assert.equal(key('HTTPS://user:pw@CDN.Example.com:443/A/b?x=1#frag'), 'https://cdn.example.com/A/b?x=1');
    assert.equal(normaliseUrl('https://cdn.example.com:443/a').host, 'cdn.example.com');
    assert.equal(key('https://cdn.example.com:8443/a'), 'https://cdn.example.com:8443/a');
    assert.equal(key('https://a.example'), 'https://a.example/');
  });

  test('http and https stay apart (a redirect hop is its own request)', () => {
    assert.notEqual(key('http://shop.example.com/'), key('https://shop.example.com/'));
  });

  test('data:, javascript: and garbage are compared as they are', () => {
    for (const url of ['data:image/png;base64,AAAA', 'javascript:void(0)', '::garbage::', '']) {
      assert.deepEqual(normaliseUrl(url), { url, host: '', notes: [] });
    }
  });

  test('long URLs match by their first URL_MATCH_LIMITS.urlChars characters', () => {
    const long = `https://a.example/p?x=${'y'.repeat(100_000)}`;
    assert.equal(key(long).length <= URL_MATCH_LIMITS.urlChars, true);
    assert.equal(key(long), key(`${long}zzz`));
  });
});

test('the rules are data: ids unique, every rule described with examples that hold', () => {
  assert.equal(new Set(URL_MATCH_RULES.map((r) => r.id)).size, URL_MATCH_RULES.length);
  for (const rule of URL_MATCH_RULES) {
    assert.ok(rule.title && rule.description && rule.examples.length > 0, rule.id);
    for (const example of rule.examples) {
      const [from, to] = example.split(' → ');
      assert.equal(key(`https://h.example${from}`), `https://h.example${to}`, `${rule.id}: ${example}`);
    }
    for (const name of rule.names) assert.equal(name, name.toLowerCase(), 'names are lower case');
  }
});
