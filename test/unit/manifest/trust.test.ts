// In Restricted Mode no menu offers an action that writes to the account or runs a test:
// every menu entry of those commands requires a trusted workspace, and so does the command.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import manifest from '../../../package.json';

const WRITE_COMMANDS = [
  'netmon.documents.create',
  'netmon.documents.update',
  'netmon.documents.delete',
  'netmon.documents.runInstant',
  'netmon.runInstantTest',
  'netmon.documents.apply',
  'netmon.documents.runDeployed',
  'netmon.endpointTests.runNow',
];

test('write commands are enabled and shown in menus only in a trusted workspace', () => {
  for (const command of WRITE_COMMANDS) {
    const contributed = manifest.contributes.commands.find((c) => c.command === command) as
      { enablement?: string } | undefined;
    assert.ok(contributed, command);
    assert.match(contributed.enablement ?? '', /\bisWorkspaceTrusted\b/, `${command} enablement`);
    const entries = Object.entries(manifest.contributes.menus).flatMap(([menu, items]) =>
      (items as { command: string; when?: string }[])
        .filter((i) => i.command === command)
        .map((i) => ({ menu, when: i.when ?? '' })),
    );
    assert.ok(entries.length > 0, `${command} is in no menu`);
    for (const entry of entries) assert.match(entry.when, /\bisWorkspaceTrusted\b/, `${command} in ${entry.menu}`);
  }
});

test('connection settings cannot come from a folder', () => {
  const properties = manifest.contributes.configuration.properties as Record<string, { scope?: string }>;
  for (const key of ['netmon.baseUrl', 'netmon.authForm', 'netmon.email', 'netmon.proxy', 'netmon.startInDemoMode']) {
    assert.equal(properties[key]?.scope, 'machine', key);
    assert.ok(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations.includes(key), key);
  }
});
