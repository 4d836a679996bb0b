// Each redaction rule on its own: what it removes, the marker it leaves, what it must not
// touch, and the options that keep values.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createReport,
  redactEntry,
  redactHar,
  type RedactOptions,
  type RedactionReport,
} from '../../../src/analysis/har/redact';
import type { HarEntry, HarNameValue } from '../../../src/api/types';
import { entryWith, JWTS } from '../../fixtures/har-redact/expectations';

const RANDOM_32 = 'Q7fZ2kL9mN4pX8vR3tY6wB1cD5gH0jKs';

function redact(entry: HarEntry, options: RedactOptions = {}): { entry: HarEntry; report: RedactionReport } {
  const report = createReport();
  return { entry: redactEntry(entry, 0, options, report) as HarEntry, report };
}

const headers = (...pairs: [string, string][]): HarNameValue[] => pairs.map(([name, value]) => ({ name, value }));
const values = (list: HarNameValue[]): string[] => list.map((h) => h.value);

describe('cookies', () => {
  const entry = entryWith({
    request: {
      headers: headers(['Cookie', 'sessionid=abc123; theme=dark; empty=']),
      cookies: [{ name: 'sessionid', value: 'abc123' }],
    },
    response: {
      headers: headers(['Set-Cookie', 'sessionid=abc123; Path=/; HttpOnly; SameSite=Lax\nlang=en; Max-Age=60']),
      cookies: [{ name: 'sessionid', value: 'abc123', path: '/', httpOnly: true } as HarNameValue],
    },
  });

  test('values go, names and Set-Cookie attributes stay', () => {
    const { entry: out, report } = redact(entry);
    assert.deepEqual(values(out.request.headers), [
      'sessionid=[redacted: cookie sessionid]; theme=[redacted: cookie theme]; empty=',
    ]);
    assert.deepEqual(values(out.response.headers), [
      'sessionid=[redacted: cookie sessionid]; Path=/; HttpOnly; SameSite=Lax\nlang=[redacted: cookie lang]; Max-Age=60',
    ]);
    assert.deepEqual(out.request.cookies, [{ name: 'sessionid', value: '[redacted: cookie sessionid]' }]);
    assert.deepEqual(out.response.cookies, [
      { name: 'sessionid', value: '[redacted: cookie sessionid]', path: '/', httpOnly: true },
    ]);
    assert.equal(report.rules.cookie.count, 6);
  });

  test('--keep-cookies keeps them all; --keep keeps the one named (any case)', () => {
    assert.deepEqual(redact(entry, { keepCookies: true }).entry, entry);
    const { entry: out } = redact(entry, { keep: ['THEME'] });
    assert.deepEqual(values(out.request.headers), ['sessionid=[redacted: cookie sessionid]; theme=dark; empty=']);
  });
});

describe('credentials in headers', () => {
  test('Authorization and Proxy-Authorization keep only their scheme', () => {
    const { entry: out, report } = redact(
      entryWith({
        request: {
          headers: headers(
            ['Authorization', `Bearer ${JWTS.chrome}`],
            ['Proxy-Authorization', 'Basic YWxhZGRpbjpvcGVuc2VzYW1l'],
            ['authorization', 'opaque-secret'],
          ),
        },
      }),
    );
    assert.deepEqual(values(out.request.headers), [
      'Bearer [redacted: authorization]',
      'Basic [redacted: authorization]',
      '[redacted: authorization]',
    ]);
    assert.equal(report.rules.authorization.count, 3);
    assert.equal(report.rules.jwt.count, 0, 'counted once, by the rule that removed it');
  });

  test('headers named like a secret go; ordinary names stay', () => {
    const secret = [
      'X-Api-Key',
      'X-CSRF-Token',
      'X-XSRF-TOKEN',
      'X-Amz-Security-Token',
      'X-Session-Id',
      'apikey',
      'X-Client-Secret',
      'X-Signature',
      'X-Goog-AuthUser',
    ];
    const ordinary = ['Keep-Alive', 'Accept', ':authority', 'X-Author', 'X-Keyword', 'Content-Type', 'Cache-Control'];
    const all = [...secret, ...ordinary].map((name): [string, string] => [name, 'v-1']);
    const { entry: out } = redact(entryWith({ request: { headers: headers(...all) } }));
    assert.deepEqual(
      out.request.headers.map((h) => h.name),
      all.map(([name]) => name),
      'names and order stay',
    );
    assert.deepEqual(values(out.request.headers), [
      ...secret.map((name) => `[redacted: header ${name}]`),
      ...ordinary.map(() => 'v-1'),
    ]);
  });
});

describe('URL parameters, userinfo and paths', () => {
  test('a secret-named parameter goes from the URL and from queryString alike; the rest of the URL is byte for byte the same', () => {
    const url = 'https://Example.COM:8443/a//b/?x=1&access_token=abc%20def&token&flag=&x=2#frag';
    const { entry: out, report } = redact(
      entryWith({ request: { url, queryString: headers(['x', '1'], ['access_token', 'abc def'], ['x', '2']) } }),
    );
    assert.equal(
      out.request.url,
      'https://Example.COM:8443/a//b/?x=1&access_token=REDACTED-query&token&flag=&x=2#frag',
    );
    assert.deepEqual(values(out.request.queryString), ['1', 'REDACTED-query', '2']);
    assert.deepEqual(new URL(out.request.url).searchParams.get('access_token'), out.request.queryString[1]?.value);
    assert.equal(report.rules['secret-query'].count, 2);
  });

  test('OAuth fragments, servlet path parameters and the :path pseudo-header', () => {
    const { entry: out } = redact(
      entryWith({
        request: {
          url: 'https://app.example.com/cart;jsessionid=ABC?x=1#access_token=t0k&state=s',
          headers: headers([':path', '/cart;jsessionid=ABC?x=1']),
        },
      }),
    );
    assert.equal(
      out.request.url,
      'https://app.example.com/cart;jsessionid=REDACTED-query?x=1#access_token=REDACTED-query&state=s',
    );
    assert.deepEqual(values(out.request.headers), ['/cart;jsessionid=REDACTED-query?x=1']);
    const short = redact(entryWith({ request: { headers: headers([':path', '/?sid=1']) } })).entry;
    assert.deepEqual(values(short.request.headers), ['/?sid=REDACTED-query']);
  });

  test('user:password goes from URLs, redirectURL, Location and Referer', () => {
    const { entry: out, report } = redact(
      entryWith({
        request: {
          url: 'https://alice:pw1@example.com/',
          headers: headers(['Referer', 'https://bob:pw2@example.com/from']),
        },
        response: {
          status: 302,
          redirectURL: 'ftp://carol:pw3@files.example.com/x',
          headers: headers(['Location', 'ftp://carol:pw3@files.example.com/x']),
        },
      }),
    );
    assert.equal(out.request.url, 'https://REDACTED-userinfo@example.com/');
    assert.deepEqual(values(out.request.headers), ['https://REDACTED-userinfo@example.com/from']);
    assert.equal(out.response.redirectURL, 'ftp://REDACTED-userinfo@files.example.com/x');
    assert.deepEqual(values(out.response.headers), ['ftp://REDACTED-userinfo@files.example.com/x']);
    assert.equal(report.rules.userinfo.count, 4);
  });

  test('page titles and ids that are URLs, and URLs in the log comment', () => {
    const har = {
      log: {
        version: '1.2',
        creator: { name: 't', version: '1' },
        comment: 'see https://x.example/?sig=abc',
        pages: [
          {
            id: 'https://u:p@x.example/?sid=1',
            title: 'https://u:p@x.example/?sid=1',
            startedDateTime: '',
            pageTimings: {},
          },
        ],
        entries: [],
      },
    };
    const { har: out } = redactHar(har);
    assert.equal(out.log.pages[0]?.title, 'https://REDACTED-userinfo@x.example/?sid=REDACTED-query');
    assert.equal(out.log.pages[0]?.id, out.log.pages[0]?.title);
    assert.equal(out.log.comment, 'see https://x.example/?sig=REDACTED-query');
  });
});

describe('JWTs and long random values', () => {
  test('a JWT is found in a query value, a header, a plain body and a custom field', () => {
    const { entry: out, report } = redact(
      entryWith({
        _initiator: { type: 'script', stack: { callFrames: [{ functionName: 'f', note: `token=${JWTS.firefox}` }] } },
        request: {
          url: `https://api.example.com/cb?state=${JWTS.xhrState}`,
          queryString: headers(['state', JWTS.xhrState]),
          headers: headers(['X-Debug', `user ${JWTS.chrome} ok`]),
          postData: { mimeType: 'text/plain', text: `jwt:${JWTS.charles}.` },
        },
      }),
    );
    const text = JSON.stringify(out);
    for (const jwt of Object.values(JWTS)) assert.ok(!text.includes(jwt));
    assert.equal(out.request.url, 'https://api.example.com/cb?state=REDACTED-jwt');
    assert.deepEqual(values(out.request.headers), ['user [redacted: jwt] ok']);
    assert.equal(out.request.postData?.text, 'jwt:[redacted: jwt].');
    assert.equal(report.rules.jwt.count, 4);
    assert.equal(
      report.rules['form-field'].count,
      1,
      'the custom field reads as a form (token=…): its token goes by name',
    );
  });

  test('something shaped like a JWT whose header is not JSON is kept', () => {
    const lookalike = 'eyJub3QganNvbg.eyJhYmMiOjF9.c2lnbmF0dXJl';
    const { entry: out } = redact(entryWith({ request: { headers: headers(['X-Thing', lookalike]) } }));
    assert.deepEqual(values(out.request.headers), [lookalike]);
  });

  test('random tokens go from paths, query values and header values; words, ids and asset hashes stay', () => {
    const kept = [
      '/docs/internationalization-guidelines-2024',
      '/ProductListingPageV2Experiment',
      '/items/507f1f77bcf86cd799439011',
      '/orders/123e4567-e89b-12d3-a456-426614174000',
      '/static/app.5f3e8d9c2b1a4f6e7d8c9b0a1f2e3d4c.js',
      '/supercalifragilisticexpialidocious',
    ];
    for (const path of kept)
      assert.equal(
        redact(entryWith({ request: { url: `https://example.com${path}` } })).entry.request.url,
        `https://example.com${path}`,
        path,
      );
    const { entry: out, report } = redact(
      entryWith({
        request: {
          url: `https://example.com/reset/${RANDOM_32}?ref=${RANDOM_32}&page=2`,
          headers: headers(['X-Custom', `v=${RANDOM_32}`], ['ETag', '"5f3e8d9c2b1a4f6e7d8c9b0a1f2e3d4c1f2e3d4c"']),
        },
      }),
    );
    assert.equal(out.request.url, 'https://example.com/reset/REDACTED-high-entropy?ref=REDACTED-high-entropy&page=2');
    assert.deepEqual(values(out.request.headers), [
      'v=[redacted: high-entropy]',
      '"5f3e8d9c2b1a4f6e7d8c9b0a1f2e3d4c1f2e3d4c"',
    ]);
    assert.equal(report.rules['high-entropy'].count, 3);
  });

  test('data: URLs are page content, not credentials: kept', () => {
    const url = `data:image/png;base64,${'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='}`;
    assert.equal(redact(entryWith({ request: { url } })).entry.request.url, url);
  });
});

describe('request bodies', () => {
  test('form fields by name, in params and in the form-encoded text alike', () => {
    const { entry: out, report } = redact(
      entryWith({
        request: {
          method: 'POST',
          postData: {
            mimeType: 'application/x-www-form-urlencoded; charset=UTF-8',
            text: 'user=al&new_password=p%40ss&remember=1',
            params: headers(['user', 'al'], ['new_password', 'p@ss'], ['remember', '1']),
          },
        },
      }),
    );
    assert.equal(out.request.postData?.text, 'user=al&new_password=REDACTED-field&remember=1');
    assert.deepEqual(values(out.request.postData?.params as HarNameValue[]), ['al', 'REDACTED-field', '1']);
    assert.equal(report.rules['form-field'].count, 2);
  });

  test('JSON bodies by key at any depth; null, empty and boolean values say nothing and stay', () => {
    const body = {
      user: 'al',
      password: 'p1',
      nested: [{ profile: { apiKey: 'k1', pin: 1234 } }],
      session: { id: 's', data: 'x' },
      token: null,
      secret: '',
      keyword: 'shoes',
    };
    const { entry: out } = redact(
      entryWith({ request: { postData: { mimeType: 'application/json', text: JSON.stringify(body) } } }),
    );
    assert.deepEqual(JSON.parse(out.request.postData?.text ?? ''), {
      user: 'al',
      password: '[redacted: field password]',
      nested: [{ profile: { apiKey: '[redacted: field apiKey]', pin: '[redacted: field pin]' } }],
      session: '[redacted: field session]',
      token: null,
      secret: '',
      keyword: 'shoes',
    });
  });

  test('a JSON body with nothing to redact keeps its text and formatting', () => {
    const text = '{\n  "query": "weather",\n  "page": 2\n}';
    assert.equal(
      redact(entryWith({ request: { postData: { mimeType: 'application/json', text } } })).entry.request.postData?.text,
      text,
    );
  });

  test('a body nested 100,000 levels deep is removed whole, without blowing the stack', () => {
    const text = `{"password":"deep-secret","a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const { entry: out, report } = redact(entryWith({ request: { postData: { mimeType: 'application/json', text } } }));
    assert.equal(out.request.postData?.text, '[redacted: body 195.3 kB, nested deeper than 64 levels]');
    assert.equal(report.rules['json-field'].count, 1);
  });

  test('multipart parts by field name; part headers and boundaries stay', () => {
    const b = 'XyZ9';
    const text = `--${b}\r\nContent-Disposition: form-data; name="username"\r\n\r\nbob\r\n--${b}\r\nContent-Disposition: form-data; name="password"\r\n\r\nmp-secret\r\n--${b}--\r\n`;
    const { entry: out } = redact(
      entryWith({ request: { postData: { mimeType: `multipart/form-data; boundary=${b}`, text } } }),
    );
    assert.equal(out.request.postData?.text, text.replace('mp-secret', 'REDACTED-field'));
  });

  test('--keep keeps a named field verbatim', () => {
    const { entry: out } = redact(
      entryWith({
        request: { postData: { mimeType: 'application/json', text: '{"csrf_token":"abc","password":"p"}' } },
      }),
      { keep: ['csrf_token'] },
    );
    assert.equal(out.request.postData?.text, '{"csrf_token":"abc","password":"[redacted: field password]"}');
  });
});

describe('response bodies', () => {
  const entry = entryWith({
    response: {
      content: {
        size: 5321,
        mimeType: 'application/json',
        compression: 100,
        text: JSON.stringify({ access_token: 'rt-secret', hint: JWTS.firefox, name: 'ok' }),
      },
    },
  });

  test('are removed by default; size, mime type and compression stay, base64 encoding goes with the text', () => {
    const { entry: out } = redact(entry);
    assert.deepEqual(out.response.content, {
      size: 5321,
      mimeType: 'application/json',
      compression: 100,
      text: '[redacted: body 5.2 kB]',
    });
    const binary = redact(
      entryWith({
        response: { content: { size: 98, mimeType: 'image/png', text: 'iVBORw0KGgo=', encoding: 'base64' } },
      }),
    ).entry;
    assert.deepEqual(binary.response.content, {
      size: 98,
      mimeType: 'image/png',
      text: '[redacted: body 98 B base64]',
    });
  });

  test('--keep-bodies keeps them, minus secret-named JSON fields and JWTs', () => {
    const { entry: out, report } = redact(entry, { keepBodies: true });
    assert.deepEqual(JSON.parse(out.response.content.text ?? ''), {
      access_token: '[redacted: field access_token]',
      hint: '[redacted: jwt]',
      name: 'ok',
    });
    assert.equal(report.rules['response-body'].count, 0);
    const binary = entryWith({
      response: { content: { size: 3, mimeType: 'image/png', text: 'iVBORw0KGgo=', encoding: 'base64' } },
    });
    assert.deepEqual(redact(binary, { keepBodies: true }).entry, binary);
  });

  test('an empty or absent body has nothing to remove', () => {
    const { entry: out, report } = redact(
      entryWith({ response: { content: { size: 0, mimeType: 'text/html', text: '' } } }),
    );
    assert.equal(out.response.content.text, '');
    assert.equal(report.total, 0);
  });
});
