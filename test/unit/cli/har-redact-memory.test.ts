// `netmon har redact` streams: a 200 MB HAR is redacted in a child process whose peak RSS
// stays a fraction of the file (measured at about 0.43 of 200 MB, ~86 MB, of which ~42 MB
// is node itself; reading the file whole takes ~4.5× the file). NETMON_REDACT_MEMORY_MB
// sets another size; the bound is a constant plus a little per MB, so it holds for any.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LARGE_HAR_SECRETS, writeLargeHar } from '../../fixtures/har-redact/generate-large';
import { buildRedactChild, runRedactChild } from '../../fixtures/har-redact/measure';

const MB = 1024 * 1024;
const SIZE_MB = Number(process.env.NETMON_REDACT_MEMORY_MB ?? 200);
/** Above node's own footprint: the largest entry, a few chunk buffers and V8's young generation — not the file. */
const WORKING_SET = 64 * MB;

test(`a ${SIZE_MB} MB HAR is redacted in bounded memory`, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'netmon-redact-memory-'));
  try {
    const input = join(dir, 'large.har');
    const output = join(dir, 'large-redacted.har');
    const { bytes, entries } = writeLargeHar(input, { targetBytes: SIZE_MB * MB });
    const child = await buildRedactChild(dir);
    const run = runRedactChild(child, 'stream', input, output);
    const ratio = run.peakRss / bytes;
    console.log(
      `redacted ${(bytes / MB).toFixed(0)} MB (${entries} entries) in ${(run.ms / 1000).toFixed(1)} s: peak RSS ${(run.peakRss / MB).toFixed(0)} MB (node alone ${(run.idleRss / MB).toFixed(0)} MB), ${ratio.toFixed(3)} of the file`,
    );
    assert.equal(run.code, 0);
    assert.ok(
      run.peakRss < run.idleRss + WORKING_SET + 0.1 * bytes,
      `peak RSS ${(run.peakRss / MB).toFixed(0)} MB grows with the file`,
    );
    if (bytes >= 200 * MB) assert.ok(ratio < 0.6, `peak RSS is ${ratio.toFixed(2)} of the file`);
    const redacted = readFileSync(output, 'utf8');
    for (const secret of Object.values(LARGE_HAR_SECRETS)) assert.ok(!redacted.includes(secret));
    assert.equal((JSON.parse(redacted) as { log: { entries: unknown[] } }).log.entries.length, entries);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
