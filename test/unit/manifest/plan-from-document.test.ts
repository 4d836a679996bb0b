// Plan is reachable from a test document itself: an icon in the editor's title bar, shown on
// test documents only (the code lens is checked in the extension host), and example folders
// are left out of a folder's plan by a setting the user can see and change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import manifest from '../../../package.json';

interface MenuEntry {
  command: string;
  when?: string;
  group?: string;
}

test('the editor title bar offers Plan, with an icon, on .netmon-test.json documents only', () => {
  const entries = (
    (manifest.contributes.menus as Record<string, MenuEntry[] | undefined>)['editor/title'] ?? []
  ).filter((e) => e.command === 'netmon.documents.plan');
  assert.equal(entries.length, 1);
  const [entry] = entries as [MenuEntry];
  assert.match(entry.group ?? '', /^navigation/, 'shown as an icon, not hidden in the "…" menu');
  const when = entry.when ?? '';
  const pattern = /resourceFilename =~ \/(.+)\/ &&/.exec(when)?.[1];
  assert.ok(pattern, when);
  const matches = (name: string): boolean => new RegExp(pattern.replace(/\\\\/g, '\\')).test(name);
  assert.ok(matches('vpn.netmon-test.json'));
  assert.ok(!matches('vpn.netmon-instant.json') && !matches('notes.json'));
  const command = manifest.contributes.commands.find((c) => c.command === 'netmon.documents.plan') as
    { icon?: string } | undefined;
  assert.equal(command?.icon, '$(checklist)');
});

test("example folders are left out of a folder's plan by default, by a setting", () => {
  const setting = (manifest.contributes.configuration.properties as Record<string, { default?: unknown }>)[
    'netmon.plan.excludedFolders'
  ];
  assert.deepEqual(setting?.default, ['examples']);
});

test("the explorer's context menu offers Apply on a .netmon-test.json document (Apply of that document alone), in a trusted workspace", () => {
  const entries = (
    (manifest.contributes.menus as Record<string, MenuEntry[] | undefined>)['explorer/context'] ?? []
  ).filter((e) => e.command === 'netmon.documents.apply');
  const onDocument = entries.find((e) => (e.when ?? '').includes('netmon-test'));
  assert.ok(onDocument, JSON.stringify(entries));
  assert.match(onDocument.when ?? '', /isWorkspaceTrusted/);
});
