// The forty planted secrets (test/fixtures/har-redact/planted-secrets.ts) through the real
// `netmon` entry point: `har redact` (by default and with --keep-bodies, with its --report),
// `har report` and `evidence har-diff`. None of the values, nor their base64 forms, is in any
// file written or any line printed (an evidence bundle attaches its HARs as base64), and what
// was written still reads as the same requests.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readHar } from '../../../src/analysis/har';
import { leakedPlaces, plantedHar } from '../../fixtures/har-redact/planted-secrets';
import { ensureBuilt } from '../../webview/helpers/panel';
import { netmon } from './run-netmon';

const ENTRIES = plantedHar().log.entries.length;

describe('netmon with forty planted secrets', () => {
  let dir: string;
  const file = (name: string): string => join(dir, name);
  const read = (name: string): string => readFileSync(file(name), 'utf8');

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'netmon-planted-'));
    writeFileSync(file('planted.har'), JSON.stringify(plantedHar(), null, 2));
    assert.equal(leakedPlaces(read('planted.har')).length, 40, 'the input holds all forty');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const [label, extra] of [
    ['by default', []],
    ['with --keep-bodies', ['--keep-bodies']],
  ] as const) {
    test(`har redact ${label}: no value in the HAR, the --report file or the output`, async () => {
      const out = `out${extra.length}.har`;
      const report = `report${extra.length}.json`;
      const result = await netmon([
        'har',
        'redact',
        file('planted.har'),
        '-o',
        file(out),
        '--report',
        file(report),
        ...extra,
      ]);
      assert.equal(result.code, 0, result.stderr);
      assert.deepEqual(leakedPlaces(read(out)), [], 'the redacted HAR');
      assert.deepEqual(leakedPlaces(read(report)), [], 'the report');
      assert.deepEqual(leakedPlaces(result.stdout + result.stderr), [], 'what was printed');
      assert.equal(readHar(JSON.parse(read(out))).entries.length, ENTRIES);
    });
  }

  test('har report: no value in the HTML; the embedded HAR reads as the same requests', async () => {
    ensureBuilt('har');
    const result = await netmon(['har', 'report', file('planted.har'), '-o', file('report.html')]);
    assert.equal(result.code, 0, result.stderr);
    const html = read('report.html');
    assert.deepEqual(leakedPlaces(html), []);
    assert.deepEqual(leakedPlaces(result.stdout + result.stderr), []);
    const embedded = /<script type="application\/json" id="har-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    assert.equal(readHar((JSON.parse(embedded) as { har: unknown }).har).entries.length, ENTRIES);
  });

  test('evidence har-diff: no value in the bundle nor in the HARs it attaches (base64)', async () => {
    const result = await netmon(
      ['evidence', 'har-diff', file('planted.har'), file('planted.har'), '-o', file('bundle.html')],
      { cwd: dir },
    );
    assert.equal(result.code, 0, result.stderr);
    const bundle = read('bundle.html');
    const attached = [...bundle.matchAll(/href="data:application\/json;base64,([^"]+)"/g)].map(([, data]) =>
      Buffer.from(data ?? '', 'base64').toString('utf8'),
    );
    assert.equal(attached.length, 2);
    assert.deepEqual(leakedPlaces(bundle), [], 'the bundle');
    assert.deepEqual(leakedPlaces(attached.join('\n')), [], 'the attached HARs');
    assert.deepEqual(leakedPlaces(result.stdout + result.stderr), []);
    for (const har of attached) assert.equal(readHar(JSON.parse(har)).entries.length, ENTRIES);
  });
});
