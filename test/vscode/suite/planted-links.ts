// The first finding of the second outside review, as a scenario both passes run (trusted and
// Restricted Mode): a repository commits `evidence-har-diff-after.har` as a symbolic link to a
// file of the user's (a shell profile) and `…-before.har` as a link to a missing path; the user
// compares two HARs and exports the evidence as Markdown into that folder, under the name the
// dialog suggests. Nothing may be written through the links, and the user must be told why.
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { Prompt } from '../../../src/vscode/ui/prompts';
import { activateExtension } from '../helpers';
import { answeringPrompts } from './netmon-fixture';
import { openPanel, sendFromWebview, waitForRendered } from './panels-fixture';

export interface PlantedLinks {
  repository: string;
  victim: string;
  missing: string;
}

/** Plants the review's links in `repository`; the victim lives in `home`, outside it. */
export function plantLinks(repository: string, home: string): PlantedLinks {
  const victim = join(home, 'bashrc');
  const missing = join(home, 'created-by-the-link');
  writeFileSync(victim, 'export PS1=untouched\n');
  symlinkSync(victim, join(repository, 'evidence-har-diff-after.har'));
  symlinkSync(missing, join(repository, 'evidence-har-diff-before.har'));
  return { repository, victim, missing };
}

/** Compare HARs on two recorded HARs copied into `folder`; resolves to the panel's id. */
export async function compareTwoHars(folder: string): Promise<string> {
  const fixtures = join((await activateExtension()).extensionPath, 'test/fixtures/har-real');
  const before = vscode.Uri.file(join(folder, 'chrome-before.har'));
  const after = vscode.Uri.file(join(folder, 'chrome-after.har'));
  copyFileSync(join(fixtures, 'chrome-before.har'), before.fsPath);
  copyFileSync(join(fixtures, 'chrome-after.har'), after.fsPath);
  const id = await openPanel('netmon.compareHars', before, [before, after]);
  await waitForRendered(id);
  return id;
}

/** Export Evidence… saved as `<folder>/evidence-har-diff.md`, other questions answered by `answer`. */
export async function exportMarkdownEvidence(
  panel: string,
  folder: string,
  answer: (prompt: Prompt) => string | undefined = () => undefined,
): Promise<Prompt[]> {
  const { prompts } = await answeringPrompts(
    (prompt) => (prompt.kind === 'save' ? vscode.Uri.file(join(folder, 'evidence-har-diff.md')) : answer(prompt)),
    () => sendFromWebview(panel, { type: 'exportEvidence', params: undefined }),
  );
  return prompts;
}

/** The user's file is as it was, the link to a missing path created nothing, and nothing of the set was written. */
export function assertNothingWrittenThrough(links: PlantedLinks, prompts: readonly Prompt[]): void {
  assert.ok(
    readFileSync(links.victim, 'utf8') === 'export PS1=untouched\n',
    'the file the link points to is untouched',
  );
  assert.equal(existsSync(links.missing), false, 'the dangling link created no file');
  assert.equal(
    existsSync(join(links.repository, 'evidence-har-diff.md')),
    false,
    'the Markdown is not written either: the set is refused whole',
  );
  assert.deepEqual(
    prompts.map((p) => p.kind),
    ['save', 'confirm'],
    'after the save dialog, one modal says why',
  );
  const told = prompts[1];
  assert.ok(told?.kind === 'confirm');
  assert.match(
    told.message,
    /Nothing was written: .*evidence-har-diff-before\.har.*evidence-har-diff-after\.har.* symbolic links/,
  );
  assert.match(told.detail, /never writes through a symbolic link/);
}
