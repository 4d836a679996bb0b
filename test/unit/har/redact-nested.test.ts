// Redaction by content wherever a browser puts a body (third security review): each format
// read as what it is — GraphQL variables, name/value pairs, JSON inside JSON strings, JSON
// after a prefix (Socket.IO, JSONP, XSSI guards), base64 and binary frames, XML and HTML,
// NDJSON, a BOM, credentials in free text, tokens after a reset/verify/invite path word —
// and every walk bounded: content nested past the bound is removed whole, and crafted
// megabytes of each format's delimiters are redacted in linear time (no timing is asserted:
// quadratic code does not finish these within the runner's timeout).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createReport, redactEntry, redactHar, type RedactOptions } from '../../../src/analysis/har/redact';
import type { HarEntry } from '../../../src/api/types';
import { entryWith, JWTS } from '../../fixtures/har-redact/expectations';

const MB = 1024 * 1024;
const b64 = (text: string): string => Buffer.from(text).toString('base64');
const unbase64 = (text: string): string => Buffer.from(text, 'base64').toString('utf8');

function redact(entry: HarEntry, options: RedactOptions = {}): HarEntry {
  return redactEntry(entry, 0, options, createReport()) as HarEntry;
}
const post = (text: string, mimeType = 'application/json', options: RedactOptions = {}): string =>
  redact(entryWith({ request: { method: 'POST', postData: { mimeType, text } } }), options).request.postData?.text ??
  '';
const frame = (data: string, opcode = 1): string =>
  (
    redact(entryWith({ _webSocketMessages: [{ type: 'send', time: 1, opcode, data }] })) as unknown as {
      _webSocketMessages: { data: string }[];
    }
  )._webSocketMessages[0]?.data ?? '';
const kept = (text: string, mimeType: string, encoding?: string): string =>
  redact(entryWith({ response: { content: { size: 1, mimeType, text, ...(encoding ? { encoding } : {}) } } }), {
    keepBodies: true,
  }).response.content.text ?? '';
const url = (href: string): string => redact(entryWith({ request: { url: href } })).request.url;

describe('GraphQL: the variables that fill a secret argument', () => {
  test('an argument, an input object field, a batch and a graphql-ws frame', () => {
    const login = 'mutation($u: String, $p: String) { login(input: {user: $u, password: $p}) { id } }';
    assert.deepEqual(JSON.parse(post(JSON.stringify({ query: login, variables: { u: 'alice', p: 'gq-1' } }))), {
      query: login,
      variables: { u: 'alice', p: '[redacted: field p]' },
    });
    const batch = post(
      JSON.stringify([
        { query: 'mutation($t: String) { a(token: $t) }', variables: { t: 'gq-2' } },
        { query: '{ me { id } }', variables: {} },
      ]),
    );
    assert.ok(!batch.includes('gq-2') && batch.includes('{ me { id } }'));
    const ws = frame(
      JSON.stringify({
        type: 'subscribe',
        payload: { query: 'subscription($k: String) { feed(apiKey: $k) { id } }', variables: { k: 'gq-3' } },
      }),
    );
    assert.ok(ws.includes('"k":"[redacted: field k]"'), ws);
  });

  test('variables sent as a JSON string, block string arguments; other variables and --keep stay', () => {
    const query = 'mutation($p: String, $n: Int) { login(password: $p, count: $n) { id } }';
    const out = JSON.parse(post(JSON.stringify({ query, variables: JSON.stringify({ p: 'gq-4', n: 3 }) }))) as {
      variables: string;
    };
    assert.deepEqual(JSON.parse(out.variables), { p: '[redacted: field p]', n: 3 });
    assert.deepEqual(JSON.parse(post(JSON.stringify({ query: 'mutation { login(password: """gq-5""") { id } }' }))), {
      query: 'mutation { login(password: """[redacted: field password]""") { id } }',
    });
    const keptP = post(JSON.stringify({ query, variables: { p: 'gq-6' } }), 'application/json', { keep: ['password'] });
    assert.ok(keptP.includes('gq-6'), 'the argument is kept by name: so is its variable');
  });
});

describe('JSON as browsers and frameworks wrap it', () => {
  test('{name, value} pairs (any case); JSON inside JSON strings, three levels down', () => {
    const pairs = JSON.parse(
      post(
        JSON.stringify([
          { name: 'password', value: 'nv-1' },
          { Name: 'db_password', Value: 'nv-2' },
          { name: 'theme', value: 'dark' },
        ]),
      ),
    ) as { value?: string; Value?: string }[];
    assert.deepEqual(
      pairs.map((p) => p.value ?? p.Value),
      ['[redacted: field password]', '[redacted: field db_password]', 'dark'],
    );
    const deep = post(JSON.stringify({ a: JSON.stringify({ b: JSON.stringify({ token: 'nv-3', ok: 'yes' }) }) }));
    const inner = JSON.parse(JSON.parse(JSON.parse(deep).a).b);
    assert.deepEqual(inner, { token: '[redacted: field token]', ok: 'yes' });
  });

  test('JSON after a prefix: Socket.IO with a namespace and ack id, XSSI guards, JSONP; SockJS arrays of strings', () => {
    assert.equal(
      frame(`42/chat,17["auth",${JSON.stringify({ token: 'px-1' })}]`),
      '42/chat,17["auth",{"token":"[redacted: field token]"}]',
    );
    assert.equal(post(`)]}'\n[{"secret":"px-2"}]`, 'text/plain'), `)]}'\n[{"secret":"[redacted: field secret]"}]`);
    assert.equal(frame('for(;;);{"session":"px-3"}'), 'for(;;);{"session":"[redacted: field session]"}');
    assert.equal(
      kept('cb_1({"user":"a","api_key":"px-4"});', 'text/javascript'),
      'cb_1({"user":"a","api_key":"[redacted: field api_key]"});',
    );
    assert.ok(!frame(`a["{\\"msg\\":\\"connect\\",\\"password\\":\\"px-5\\"}"]`).includes('px-5'));
    assert.equal(frame('{"protocol":"json","version":1}\u001e'), '{"protocol":"json","version":1}\u001e');
    const script = '!function(){var a={password:1};return [a]}();';
    assert.equal(kept(script, 'application/javascript'), script, 'a script is not taken for JSON');
  });

  test('NDJSON keeps its line ends; a BOM stays in front', () => {
    assert.equal(
      post('{"a":1}\r\n{"password":"nd-1"}\r\n', 'application/x-ndjson'),
      '{"a":1}\r\n{"password":"[redacted: field password]"}\r\n',
    );
    assert.equal(post('\uFEFF{"pin":"1234"}', 'text/plain'), '\uFEFF{"pin":"[redacted: field pin]"}');
  });
});

describe('base64 and binary', () => {
  test('a binary frame holding JSON: redacted and encoded back in its own alphabet', () => {
    const url64 = Buffer.from(JSON.stringify({ password: 'b6-1', x: '???>>>' })).toString('base64url');
    const out = frame(url64, 2);
    assert.match(out, /^[\w-]+$/, 'base64url, unpadded, as it came');
    assert.deepEqual(JSON.parse(Buffer.from(out, 'base64url').toString('utf8')), {
      password: '[redacted: field password]',
      x: '???>>>',
    });
    // A short frame no random-token rule would catch.
    assert.deepEqual(JSON.parse(unbase64(frame(b64('{"pin":"4821"}'), 2))), { pin: '[redacted: field pin]' });
  });

  test('a binary frame that is not text keeps its bytes, minus the secrets in them (masked, same length)', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    assert.equal(frame(png.toString('base64'), 2), png.toString('base64'));
    const jwt = JWTS.chrome;
    const protobuf = Buffer.concat([
      Buffer.from([0x0a, jwt.length, ...Buffer.from(jwt)]),
      Buffer.from([0x10, 0x96, 0x01, 0xff]),
    ]);
    const out = Buffer.from(frame(protobuf.toString('base64'), 2), 'base64');
    assert.equal(out.length, protobuf.length);
    assert.deepEqual([...out.subarray(0, 2)], [0x0a, jwt.length]);
    assert.equal(out.subarray(2, 2 + jwt.length).toString('latin1'), '*'.repeat(jwt.length));
    assert.deepEqual([...out.subarray(2 + jwt.length)], [0x10, 0x96, 0x01, 0xff]);
  });

  test('a base64 token in a value is still a token (not a form, though it ends in =)', () => {
    const token = b64('k7Qz9Lm2Xw8Rt5Yp3Vn6Bc1Hd4Jf0Gs');
    assert.ok(token.endsWith('='));
    assert.deepEqual(JSON.parse(post(JSON.stringify({ data: token }))), { data: '[redacted: high-entropy]' });
  });

  test('base64 images kept with --keep-bodies stay as they are; base64 JSON does not', () => {
    const svgLike = b64('{"token":"b6-2"}');
    assert.equal(kept(svgLike, 'image/png', 'base64'), svgLike, 'an image type is not decoded');
    assert.deepEqual(JSON.parse(unbase64(kept(svgLike, 'application/json', 'base64'))), {
      token: '[redacted: field token]',
    });
  });

  test('a form value holding JSON, a multipart part holding a GraphQL request', () => {
    const form = post(
      `data=${encodeURIComponent(JSON.stringify({ password: 'fm-1', n: 1 }))}&x=1`,
      'application/x-www-form-urlencoded',
    );
    assert.deepEqual(JSON.parse(decodeURIComponent(form.split('&')[0]?.slice(5) ?? '')), {
      password: '[redacted: field password]',
      n: 1,
    });
    const operations = JSON.stringify({ query: 'mutation($p: String){ a(password: $p) }', variables: { p: 'fm-2' } });
    const multipart = post(
      `--B\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${operations}\r\n--B--\r\n`,
      'multipart/form-data; boundary=B',
    );
    assert.ok(!multipart.includes('fm-2') && multipart.includes('"p":"[redacted: field p]"'), multipart);
  });
});

describe('markup', () => {
  test('XML attributes and CDATA named like a secret; namespaces stay', () => {
    assert.equal(
      post(
        '<Login xmlns:x="urn:a" user="a" password="mk-1"><Token><![CDATA[mk-2]]></Token><Note>hi</Note></Login>',
        'application/xml',
      ),
      '<Login xmlns:x="urn:a" user="a" password="[redacted: field password]"><Token><![CDATA[[redacted: field Token]]]></Token><Note>hi</Note></Login>',
    );
  });

  test('HTML: meta csrf tokens, hidden inputs, JSON in script elements, window state; the page stays', () => {
    const html = kept(
      '<html><head><meta name="csrf-token" content="mk-3"><script type="application/json">{"props":{"apiKey":"mk-4"}}</script>' +
        '<script>window.__STATE__ = {"session":"mk-5"};</script><script>if (a<b) x();</script></head>' +
        '<body><form><input type=hidden name=csrfmiddlewaretoken value=mk-6><input name="q" value="shoes"></form></body></html>',
      'text/html',
    );
    for (const secret of ['mk-3', 'mk-4', 'mk-5', 'mk-6']) assert.ok(!html.includes(secret), secret);
    assert.ok(html.includes('<input name="q" value="shoes">') && html.includes('<script>if (a<b) x();</script>'), html);
  });
});

describe('free text and paths', () => {
  test('credentials after a scheme word go; the words themselves stay', () => {
    assert.equal(
      frame('curl -H "Authorization: Bearer ft-1abcdef" https://api.example.com/'),
      'curl -H "Authorization: Bearer [redacted: authorization]" https://api.example.com/',
    );
    assert.equal(
      frame(`note: basic ${b64('u:ft-2')} and basic setup`),
      'note: basic [redacted: authorization] and basic setup',
    );
    assert.equal(frame('we use Bearer authentication here'), 'we use Bearer authentication here');
    const { har } = redactHar({
      log: {
        pages: [{ id: 'p', title: 'Debug BEARER Zx81kq0Lm tab' }],
        entries: [],
        comment: 'DPoP eyJhY2Nlc3MiOjF9x',
      },
    });
    assert.equal(har.log.pages[0]?.title, 'Debug BEARER [redacted: authorization] tab');
    assert.equal(har.log.comment, 'DPoP [redacted: authorization]');
  });

  test('a token after reset, verify, invite or magic-link goes whatever its length; words stay', () => {
    assert.equal(url('https://x.example/verify/448812'), 'https://x.example/verify/REDACTED-high-entropy');
    assert.equal(url('https://x.example/magic-link/x7'), 'https://x.example/magic-link/REDACTED-high-entropy');
    assert.equal(
      url('https://x.example/verify/email/Ab12cd?x=1'),
      'https://x.example/verify/email/REDACTED-high-entropy?x=1',
    );
    for (const kept of [
      'https://x.example/invite/accept',
      'https://x.example/reset/',
      'https://x.example/verify/app.js',
    ])
      assert.equal(url(kept), kept);
  });
});

describe('bounds', () => {
  test('content nested past the bound is removed whole, not kept unchecked', () => {
    let json = JSON.stringify({ password: 'bd-1' });
    for (let i = 0; i < 12; i++) json = JSON.stringify({ d: json });
    const out = post(json);
    assert.ok(!out.includes('bd-1'));
    assert.match(out, /\[redacted: body [\d.]+ [kM]?B, inside 5 levels of content\]/);
    let base = JSON.stringify({ password: 'bd-2' });
    for (let i = 0; i < 40; i++) base = b64(JSON.stringify({ d: base }));
    const frameOut = frame(base, 2);
    assert.ok(![0, 1, 2].some((skip) => frameOut.includes(b64('bd-2'.slice(skip)))));
  });

  test('a megabyte of BOMs is one pass, not a recursion per character', () => {
    assert.equal(
      post(`${'\uFEFF'.repeat(MB)}{"password":"bd-3"}`),
      `${'\uFEFF'.repeat(MB)}{"password":"[redacted: field password]"}`,
    );
  });

  const rep = (unit: string): string => unit.repeat(Math.ceil(MB / unit.length));
  const crafted: Record<string, string> = {
    openTags: rep('<a '),
    unclosedAttributes: `<a ${rep('x="1 ')}`,
    unclosedQuotes: `<a x="${rep("<b y='")}`,
    scriptNeverClosed: `<script>${rep('</scrip')}`,
    comments: rep('<!--'),
    cdata: rep('<![CDATA['),
    graphqlStrings: `password: ${rep('"\\')}`,
    graphqlVariables: rep('password: $'),
    graphqlBlockStrings: rep('a: """'),
    schemeWords: rep('Bearer '),
    schemeTokens: rep('bearer Ab1'),
    prefixes: rep('42['),
    ndjson: rep('{"a":1}\n{'),
    base64: b64(JSON.stringify({ a: 'x'.repeat(MB), password: 'bd-4' })),
  };
  for (const [name, run] of Object.entries(crafted)) {
    test(`${name}: a megabyte in a body, a frame, a comment and a kept response body is redacted`, () => {
      const entry = entryWith({
        request: { method: 'POST', postData: { mimeType: 'text/plain', text: run } },
        response: { content: { size: run.length, mimeType: 'text/html', text: run } },
        _webSocketMessages: [{ type: 'send', time: 1, opcode: 1, data: run }],
        comment: run,
      });
      for (const options of [{}, { keepBodies: true }]) {
        const text = JSON.stringify(redact(entry, options));
        assert.ok(!text.includes('bd-4'));
      }
    });
  }
});
