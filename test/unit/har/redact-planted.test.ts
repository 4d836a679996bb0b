// Forty secrets planted where browsers put them (test/fixtures/har-redact/planted-secrets.ts),
// redacted by default and with --keep-bodies: none of the values, nor their base64 forms, is
// anywhere in the output or the report, and the HAR still reads — the same entries, and every
// body and frame still parses as what it was (JSON, NDJSON, base64 JSON, SOAP, JSONP, HTML).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readHar } from '../../../src/analysis/har';
import { createHarRedactStream, redactHar, type RedactOptions } from '../../../src/analysis/har/redact';
import type { Har } from '../../../src/api/types';
import { assertTroubleshootingKept } from '../../fixtures/har-redact/expectations';
import {
  leakedPlaces,
  MISSED_BEFORE,
  PLANTED,
  PLANTED_ENTRY,
  PLANTED_KEPT,
  plantedHar,
  valueForms,
  type PlantedPlace,
} from '../../fixtures/har-redact/planted-secrets';

type Entry = {
  comment?: string;
  request: { url: string; postData?: { mimeType: string; text: string; encoding?: string } };
  response: { content: { text?: string; encoding?: string; mimeType: string } };
  _webSocketMessages?: { opcode: number; data: string }[];
};

const MODES: [string, RedactOptions][] = [
  ['default', {}],
  ['--keep-bodies', { keepBodies: true }],
];

const runs = new Map<string, { har: Har; text: string; report: string }>();
function redacted(options: RedactOptions): { har: Har; text: string; report: string } {
  const key = JSON.stringify(options);
  let run = runs.get(key);
  if (!run) {
    const { har, report } = redactHar(plantedHar(), options);
    run = { har: har as unknown as Har, text: JSON.stringify(har), report: JSON.stringify(report) };
    runs.set(key, run);
  }
  return run;
}

const entries = (har: Har): Entry[] => har.log.entries as unknown as Entry[];
const unbase64 = (text: string): string => Buffer.from(text, 'base64').toString('utf8');

describe('forty planted secrets', () => {
  test('the fixture plants forty distinct values, each once per place and none shaped like a secret but the JWT', () => {
    const values = Object.values(PLANTED);
    assert.equal(values.length, 40);
    assert.equal(new Set(values).size, 40);
    const text = JSON.stringify(plantedHar());
    assert.deepEqual(leakedPlaces(text).length, 40, 'every value is in the input');
    for (const value of values)
      for (const other of values) if (value !== other) assert.ok(!other.includes(value), `${value} in ${other}`);
  });

  for (const [mode, options] of MODES) {
    describe(mode, () => {
      for (const place of Object.keys(PLANTED) as PlantedPlace[]) {
        test(`${place}${MISSED_BEFORE.includes(place) ? ' (missed before)' : ''}: gone, in every form`, () => {
          const { text } = redacted(options);
          const forms = valueForms(PLANTED[place]).filter((form) => text.includes(form));
          assert.deepEqual(forms, [], `${place} survived as ${forms.join(', ')}`);
        });
      }

      test('no value in the report either, and the stream redacts the same', () => {
        const { text, report } = redacted(options);
        assert.deepEqual(leakedPlaces(report), []);
        const stream = createHarRedactStream(options);
        const input = JSON.stringify(plantedHar());
        let out = '';
        for (let i = 0; i < input.length; i += 4096) out += stream.write(input.slice(i, i + 4096));
        assert.equal(out + stream.end().tail, `${text}\n`);
      });

      test('the HAR still reads: same entries, timings, sizes, names; what is not a secret stays', () => {
        const { har, text } = redacted(options);
        const before = plantedHar() as unknown as Har;
        assertTroubleshootingKept(before, har);
        assert.equal(readHar(har).entries.length, readHar(before).entries.length);
        for (const kept of PLANTED_KEPT.filter((k) => options.keepBodies || !/cb\(|scope=|<h1>/.test(k)))
          assert.ok(text.includes(kept), `lost ${kept}`);
      });

      test('request bodies and frames still parse as what they were', () => {
        const list = entries(redacted(options).har);
        const body = (i: number): string => list[i]?.request.postData?.text ?? '';

        const graphql = JSON.parse(body(PLANTED_ENTRY.graphqlVariable)) as {
          query: string;
          variables: Record<string, string>;
        };
        assert.match(graphql.query, /login\(username: \$u, password: \$p\) \{ token user \{ id \} \}/);
        assert.equal(graphql.variables.u, 'alice');
        assert.equal(graphql.variables.p, '[redacted: field p]');

        const event = JSON.parse(body(PLANTED_ENTRY.jsonInJsonString)) as { event: string; payload: string };
        assert.equal(event.event, 'login');
        assert.deepEqual(JSON.parse(event.payload), { user: 'alice', password: '[redacted: field password]' });

        const pairs = JSON.parse(body(PLANTED_ENTRY.nameValuePairs)) as { name: string; value: string }[];
        assert.deepEqual(
          pairs.map((p) => [p.name, p.value]),
          [
            ['username', 'alice'],
            ['password', '[redacted: field password]'],
            ['remember', 'on'],
          ],
        );

        const base64 = list[PLANTED_ENTRY.base64PostData]?.request.postData;
        assert.equal(base64?.encoding, 'base64');
        assert.deepEqual(JSON.parse(unbase64(base64?.text ?? '')), {
          device: 'desktop-app',
          client_secret: '[redacted: field client_secret]',
        });

        const soap = body(PLANTED_ENTRY.soap);
        assert.match(soap, /^<\?xml version="1\.0" encoding="utf-8"\?>\n<soap:Envelope /);
        assert.match(soap, /<wsse:Password Type="[^"]+#PasswordText">[^<]*redacted[^<]*<\/wsse:Password>/);
        assert.match(soap, /<CustomerId>42<\/CustomerId><\/GetOrders><\/soap:Body>\n<\/soap:Envelope>$/);

        const lines = body(PLANTED_ENTRY.ndjson).split('\n');
        assert.equal(lines.at(-1), '', 'the last newline stays');
        assert.deepEqual(
          lines.slice(0, -1).map((line) => JSON.parse(line) as unknown),
          [
            { event: 'pageview', path: '/home' },
            { event: 'auth', api_key: '[redacted: field api_key]' },
          ],
        );

        const bom = body(PLANTED_ENTRY.bomJson);
        assert.equal(bom.charCodeAt(0), 0xfeff, 'the BOM stays');
        assert.deepEqual(JSON.parse(bom.slice(1)), { user: 'alice', password: '[redacted: field password]' });

        const frames = list[PLANTED_ENTRY.websocket]?._webSocketMessages ?? [];
        assert.equal(frames.length, 6);
        assert.equal(
          frames[0]?.data,
          '0{"sid":"[redacted: field sid]","upgrades":[],"pingInterval":25000}',
          "Engine.IO's open frame: its session id goes, the rest stays",
        );
        const socketIo = frames[4]?.data ?? '';
        assert.ok(socketIo.startsWith('42['), socketIo);
        assert.deepEqual(JSON.parse(socketIo.slice(2)), [
          'login',
          { user: 'alice', password: '[redacted: field password]' },
        ]);
        assert.equal(frames[5]?.opcode, 2);
        assert.deepEqual(JSON.parse(unbase64(frames[5]?.data ?? '')), {
          op: 'identify',
          token: '[redacted: field token]',
          device: 'desktop-app',
        });

        const comment = list[PLANTED_ENTRY.comment]?.comment ?? '';
        assert.match(
          comment,
          /^repro: curl -H 'Authorization: Bearer \[redacted: [a-z]+\]' https:\/\/api\.example\.com\//,
        );
        assert.ok(
          list.some((e) => e.request.url === 'https://app.example.com/reset-password/REDACTED-high-entropy'),
          'the short reset token goes, the path stays',
        );
      });
    });
  }

  test('--keep-bodies: response bodies stay and still parse; only the credentials in them go', () => {
    const list = entries(redacted({ keepBodies: true }).har);
    const content = (i: number) => list[i]?.response.content;

    const jsonp = /^jQuery36009_cb\((.*)\);$/s.exec(content(PLANTED_ENTRY.jsonp)?.text ?? '');
    assert.ok(jsonp, content(PLANTED_ENTRY.jsonp)?.text);
    assert.deepEqual(JSON.parse(jsonp[1] ?? ''), { user: 'alice', session_token: '[redacted: field session_token]' });

    assert.equal(
      content(PLANTED_ENTRY.keptForm)?.text,
      'access_token=REDACTED-field&scope=repo&token_type=REDACTED-field',
    );

    const html = content(PLANTED_ENTRY.keptHtml)?.text ?? '';
    assert.match(html, /^<!DOCTYPE html><html><head><title>Sign in<\/title>/);
    assert.match(html, /<input type="hidden" name="authenticity_token" value="[^"]*redacted[^"]*" autocomplete="off">/);
    assert.match(
      html,
      /<input type="text" name="login" value="alice"><button>Sign in<\/button><\/form><\/body><\/html>$/,
    );

    const base64 = content(PLANTED_ENTRY.keptBase64);
    assert.equal(base64?.encoding, 'base64');
    assert.deepEqual(JSON.parse(unbase64(base64?.text ?? '')), {
      refresh_token: '[redacted: field refresh_token]',
      expires_in: 3600,
    });
  });

  test('by default response bodies go whole, as before', () => {
    const list = entries(redacted({}).har);
    for (const i of [PLANTED_ENTRY.jsonp, PLANTED_ENTRY.keptForm, PLANTED_ENTRY.keptHtml, PLANTED_ENTRY.keptBase64])
      assert.match(list[i]?.response.content.text ?? '', /^\[redacted: body \d+ B( base64)?\]$/);
  });
});
