// What browsers send, wherever it is (issue #27, row 5): every secret of the odd-places HAR
// goes, by content and by name, while timings, sizes and statuses stay; and the envelopes
// the viewer reads are the envelopes redaction walks.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readHar } from '../../../src/analysis/har';
import { createHarRedactStream, redactHar } from '../../../src/analysis/har/redact';
import type { Har } from '../../../src/api/types';
import { assertTroubleshootingKept } from '../../fixtures/har-redact/expectations';
import { harEntriesEnvelope, ODD_KEPT, ODD_SECRETS, oddPlacesHar } from '../../fixtures/har-redact/odd-places';

function streamed(har: unknown): string {
  const stream = createHarRedactStream();
  return stream.write(JSON.stringify(har)) + stream.end().tail;
}

describe('secrets in the places browsers put them', () => {
  test('every secret is gone, what troubleshooting reads stays', () => {
    const before = oddPlacesHar();
    const { har, report } = redactHar(before);
    const text = JSON.stringify(har);
    for (const [place, secret] of Object.entries(ODD_SECRETS))
      assert.ok(!text.includes(secret), `${place}: ${secret} survived`);
    for (const kept of ODD_KEPT) assert.ok(text.includes(kept), `lost ${kept}`);
    assertTroubleshootingKept(before as unknown as Har, har as unknown as Har);
    assert.equal(streamed(before), `${text}\n`, 'the stream redacts the same');
    assert.ok(report.rules.authorization.count >= 2, 'credential schemes in custom headers');
    assert.ok(report.rules['form-field'].count >= 3, 'text/plain form, multipart and STOMP fields');
  });

  test('the path keeps its shape: only the reset token goes', () => {
    const { har } = redactHar(oddPlacesHar());
    const urls = (har.log.entries as { request: { url: string } }[]).map((e) => e.request.url);
    assert.ok(urls.includes('https://app.example.com/password/reset/REDACTED-high-entropy?lang=en'));
    assert.ok(urls.includes('https://app.example.com/api/items'), 'ordinary paths are untouched');
  });
});

describe('one envelope reader for the viewer and redaction', () => {
  test('{ har: { entries } }: the viewer reads two requests, redaction walks the same two and keeps no secret', () => {
    const input = harEntriesEnvelope();
    assert.equal(readHar(input).entries.length, 2);
    const { har, report } = redactHar(input);
    assert.equal(report.entries, 2);
    const text = JSON.stringify(har);
    for (const secret of [ODD_SECRETS.envelopeCookie, ODD_SECRETS.envelopeAuth, ODD_SECRETS.envelopePassword])
      assert.ok(!text.includes(secret), secret);
    assert.equal(readHar(har).entries.length, 2, 'the redacted HAR still reads as two requests');
    assert.equal(streamed(input), `${text}\n`);
  });

  test('every envelope: as many requests redacted as the viewer reads', () => {
    const { log } = oddPlacesHar();
    for (const shape of [{ log }, { har: { log } }, log, { har: log }]) {
      const viewer = readHar(shape).entries.length;
      assert.ok(viewer > 0);
      assert.equal(redactHar(shape).report.entries, viewer, JSON.stringify(Object.keys(shape)));
    }
  });
});
