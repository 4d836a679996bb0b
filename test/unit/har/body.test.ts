// Response bodies for the waterfall's Response tab: decoded, recognised, re-indented for
// reading in one linear pass (deep or broken input costs nothing more), binary described.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { BODY_LIMITS, bodyLanguage, rawEntryAt, responseBody } from '../../../src/analysis/har/body';
import { prettyBraces, prettyJson, prettyMarkup } from '../../../src/analysis/har/pretty';

const entry = (content: Record<string, unknown>): unknown => ({ response: { status: 200, content } });
const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

describe('response bodies', () => {
  test('JSON is re-indented one member per line; strings keep their braces and escapes', () => {
    const body = responseBody(
      entry({ mimeType: 'application/json; charset=utf-8', text: '{"a":[1,2,{"b":"x{,}\\"y"}],"e":{},"f":[]}' }),
    );
    assert.equal(body.kind, 'text');
    assert.equal(body.kind === 'text' && body.language, 'json');
    assert.equal(
      body.kind === 'text' && body.text,
      '{\n  "a": [\n    1,\n    2,\n    {\n      "b": "x{,}\\"y"\n    }\n  ],\n  "e": {},\n  "f": []\n}',
    );
  });

  test('base64 bodies are decoded as UTF-8 when the encoding says so; binary ones are described', () => {
    const json = responseBody(
      entry({ mimeType: 'application/json', encoding: 'base64', text: base64('{"name":"Zoë"}') }),
    );
    assert.deepEqual(json.kind === 'text' && [json.text, json.decoded], ['{\n  "name": "Zoë"\n}', true]);
    const png = responseBody(
      entry({
        mimeType: 'image/png',
        encoding: 'base64',
        text: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]).toString('base64'),
      }),
    );
    assert.deepEqual(png, { kind: 'binary', mimeType: 'image/png', bytes: 7 });
    const notUtf8 = responseBody(
      entry({ mimeType: 'text/plain', encoding: 'base64', text: Buffer.from([0xff, 0xfe, 0x41]).toString('base64') }),
    );
    assert.equal(notUtf8.kind, 'binary');
    const svg = responseBody(entry({ mimeType: 'image/svg+xml', text: '<svg><g><path d="M0"/></g></svg>' }));
    assert.equal(svg.kind === 'text' && svg.text, '<svg>\n  <g>\n    <path d="M0"/>\n  </g>\n</svg>');
  });

  test('no body, an empty body, and a body left out by the browser each say so', () => {
    assert.match((responseBody(entry({ mimeType: 'text/html' })) as { reason: string }).reason, /no body/);
    assert.match((responseBody(entry({ mimeType: 'text/html', text: '' })) as { reason: string }).reason, /empty/);
    assert.equal(responseBody(null).kind, 'none');
  });

  test('the panel gets at most BODY_LIMITS.displayChars; the editor gets the whole body', () => {
    const text = 'x'.repeat(BODY_LIMITS.displayChars + 10);
    const shown = responseBody(entry({ mimeType: 'text/plain', text }));
    assert.deepEqual(shown.kind === 'text' && [shown.text.length, shown.truncated, shown.totalChars], [
      BODY_LIMITS.displayChars,
      true,
      text.length,
    ]);
    const whole = responseBody(entry({ mimeType: 'text/plain', text }), true);
    assert.equal(whole.kind === 'text' && whole.text.length, text.length);
  });

  test('a body nested 200,000 levels deep, or not valid at all, is re-indented without recursion', () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const body = responseBody(entry({ mimeType: 'application/json', text: deep }));
    assert.equal(body.kind, 'text');
    assert.ok(
      body.kind === 'text' && body.text.split('\n').every((line) => line.length <= 2 * 40 + 1),
      'indentation is capped',
    );
    assert.equal(prettyJson('{"a":'), '{\n  "a": ');
    assert.equal(prettyJson('}}]'), '\n}\n}\n]');
  });

  test('CSS, JavaScript and HTML are broken into lines by their braces and tags; strings and comments kept whole', () => {
    assert.equal(
      prettyBraces('a{color:red;background:url("x;}.png")}b{}'),
      'a{\n  color:red;\n  background:url("x;}.png")\n}\nb{\n}',
    );
    assert.equal(prettyBraces('/* a;{ */f(){return 1}'), '/* a;{ */f(){\n  return 1\n}');
    assert.equal(
      prettyMarkup(
        '<!doctype html><html><head><meta charset="utf-8"><title>T</title></head><body><br><p>x</p></body></html>',
      ),
      '<!doctype html>\n<html>\n  <head>\n    <meta charset="utf-8">\n    <title>T</title>\n  </head>\n  <body>\n    <br>\n    <p>x</p>\n  </body>\n</html>',
    );
  });

  test('the language comes from the MIME type, else from the first characters', () => {
    assert.equal(bodyLanguage('application/vnd.api+json', ''), 'json');
    assert.equal(bodyLanguage('text/javascript', ''), 'javascript');
    assert.equal(bodyLanguage('', '  [1]'), 'json');
    assert.equal(bodyLanguage('', '<!DOCTYPE html><html>'), 'html');
    assert.equal(bodyLanguage('application/octet-stream', 'hello'), 'text');
  });

  test('rawEntryAt finds an entry by file position in any envelope, and nothing for a bad index', () => {
    const har = { har: { log: { entries: [{ a: 1 }, { b: 2 }] } } };
    assert.deepEqual(rawEntryAt(har, 1), { b: 2 });
    assert.equal(rawEntryAt(har, 2), undefined);
    assert.equal(rawEntryAt(har, -1), undefined);
    assert.equal(rawEntryAt(har, 0.5), undefined);
  });
});
