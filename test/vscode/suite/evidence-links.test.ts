// Export Evidence… never writes through a link planted beside the file the user names, and
// files beside it that exist are asked about once, together (trusted pass; the Restricted
// Mode pass runs the same scenario in test/vscode/restricted/).
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'mocha';
import { REPLACE_ALL } from '../../../src/vscode/files/save-files';
import { signedInSuite } from './panels-fixture';
import { assertNothingWrittenThrough, compareTwoHars, exportMarkdownEvidence, plantLinks } from './planted-links';

describe('Export Evidence beside planted links and existing files', () => {
  const suite = signedInSuite('netmon-evidence-links-');

  it("a repository's symlinked attachments: nothing is written through them and the user is told", async function () {
    this.timeout(60_000);
    const repository = join(suite.scratch, 'repository');
    const home = join(suite.scratch, 'home');
    mkdirSync(repository);
    mkdirSync(home);
    const links = plantLinks(repository, home);
    const panel = await compareTwoHars(repository);
    assertNothingWrittenThrough(links, await exportMarkdownEvidence(panel, repository));
  });

  it('attachments that exist are one question listing them all; declined, nothing is written; accepted, all are', async function () {
    this.timeout(60_000);
    const folder = join(suite.scratch, 'existing');
    mkdirSync(folder);
    for (const name of ['evidence-har-diff-before.har', 'evidence-har-diff-after.har'])
      writeFileSync(join(folder, name), 'old');
    const panel = await compareTwoHars(folder);
    const declined = await exportMarkdownEvidence(panel, folder);
    assert.deepEqual(
      declined.map((p) => p.kind),
      ['save', 'confirm'],
    );
    const question = declined[1];
    assert.ok(question?.kind === 'confirm');
    assert.match(question.message, /^Replace 2 files beside evidence-har-diff\.md\?$/);
    assert.match(question.detail, /• evidence-har-diff-before\.har\n• evidence-har-diff-after\.har/);
    assert.equal(readFileSync(join(folder, 'evidence-har-diff-after.har'), 'utf8'), 'old');
    assert.ok(!readdirSync(folder).includes('evidence-har-diff.md'), 'declined: the Markdown is not written');

    const accepted = await exportMarkdownEvidence(panel, folder, (prompt) =>
      prompt.kind === 'confirm' ? REPLACE_ALL : undefined,
    );
    assert.deepEqual(
      accepted.map((p) => p.kind),
      ['save', 'confirm', 'offer'],
      'asked once for the whole set',
    );
    assert.match(
      readFileSync(join(folder, 'evidence-har-diff-after.har'), 'utf8'),
      /"log"/,
      'replaced by the redacted HAR',
    );
    assert.match(readFileSync(join(folder, 'evidence-har-diff.md'), 'utf8'), /^# HAR diff/);
    assert.ok(!readdirSync(folder).some((name) => name.endsWith('.tmp')), 'no temporary file is left');
  });
});
