// npm start keeps the user's work: a persistent default workspace, and files made in a
// temporary one copied aside before it is removed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { persistentWorkspace, rescueUserFiles, seedExamples } from '../../../scripts/start-workspace.mjs';

test('the default workspace is NETMON_WORKSPACE (created), not a temporary folder', () => {
  const root = mkdtempSync(join(tmpdir(), 'netmon-start-'));
  try {
    const folder = persistentWorkspace({ NETMON_WORKSPACE: join(root, 'work') });
    assert.equal(folder, join(root, 'work'));
    assert.ok(existsSync(folder));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('files made in a temporary workspace are copied aside; an untouched one leaves nothing', () => {
  const root = mkdtempSync(join(tmpdir(), 'netmon-start-'));
  try {
    const workspace = join(root, 'workspace');
    mkdirSync(join(workspace, 'tests'), { recursive: true });
    mkdirSync(join(workspace, '.vscode'), { recursive: true });
    writeFileSync(join(workspace, '.vscode', 'settings.json'), '{}');
    assert.equal(rescueUserFiles(workspace, join(root, 'kept')), undefined);
    writeFileSync(join(workspace, 'tests', 'portal.netmon-test.json'), '{ "type": "http-server" }');
    const rescued = rescueUserFiles(workspace, join(root, 'kept'), new Date('2026-11-23T20:00:00Z'));
    assert.deepEqual(rescued?.files, ['tests/portal.netmon-test.json']);
    assert.equal(
      readFileSync(join(rescued!.kept, 'tests', 'portal.netmon-test.json'), 'utf8'),
      '{ "type": "http-server" }',
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('the examples are added once, never over the user\'s files, and are not "rescued" unless edited', () => {
  const root = mkdtempSync(join(tmpdir(), 'netmon-start-'));
  try {
    const workspace = join(root, 'workspace');
    mkdirSync(join(workspace, 'examples'), { recursive: true });
    writeFileSync(join(workspace, 'examples', 'portal-health.netmon-test.json'), '{ "mine": true }');
    const added = seedExamples(workspace, 'examples');
    assert.ok(added.includes('examples/wifi-sessions.netmon-filter.json'));
    assert.ok(added.includes('examples/intranet-from-laptops.netmon-instant.json'));
    assert.ok(!added.includes('examples/portal-health.netmon-test.json'), "the user's file is kept");
    assert.equal(
      readFileSync(join(workspace, 'examples', 'portal-health.netmon-test.json'), 'utf8'),
      '{ "mine": true }',
    );
    assert.deepEqual(seedExamples(workspace, 'examples'), [], 'a second start adds nothing');
    writeFileSync(join(workspace, 'examples', 'vpn-gateway.netmon-test.json'), '{ "edited": true }');
    const rescued = rescueUserFiles(workspace, join(root, 'kept'), new Date('2026-11-23T20:00:00Z'), 'examples');
    assert.deepEqual(rescued?.files, [
      'examples/portal-health.netmon-test.json',
      'examples/vpn-gateway.netmon-test.json',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
