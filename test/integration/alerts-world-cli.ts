// The alert world (alerts-world.ts) as the `netmon` plan/apply tests use it: started before the
// tests of the enclosing describe and closed after them, with temporary folders removed after
// them, and `netmon` run as the admin against the world's emulator.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import type { NetmonClient } from '../../src/api';
import { DEMO_CREDENTIALS } from '../../src/emulator';
import { startAlertWorld, type AlertWorld } from './alerts-world';
import { netmon, type CliResult } from './cli/run-netmon';

export interface CliAlertWorld {
  /** The world, once the describe's `before` has started it. */
  readonly world: AlertWorld;
  /** A temporary folder for each prefix asked for, in order. */
  readonly folders: string[];
  /** `netmon <args>` with the admin's token against the world's emulator. */
  run(...args: string[]): Promise<CliResult>;
}

/** Call in a describe: registers its before (start the alert world) and after (close it, remove the folders). */
export function useAlertWorldForCli(...folderPrefixes: string[]): CliAlertWorld {
  let started: AlertWorld | undefined;
  const folders = folderPrefixes.map((prefix) => mkdtempSync(join(tmpdir(), prefix)));
  const shared: CliAlertWorld = {
    get world(): AlertWorld {
      assert.ok(started, 'the alert world starts before the tests');
      return started;
    },
    folders,
    run: (...args) =>
      netmon(args, {
        env: { NETMON_TOKEN: DEMO_CREDENTIALS.admin.token, NETMON_BASE_URL: shared.world.emulator.url },
      }),
  };
  before(async () => {
    started = await startAlertWorld();
  });
  after(async () => {
    await started?.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
  return shared;
}

/** A test document of a new agent-to-server test "Mail relay" (relay.example.com) from the first deployed test's first agent. */
export async function mailRelayDocument(
  client: NetmonClient,
  more: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const [existing] = await client.listEnterpriseTests();
  const agentId = existing?.agents[0]?.agentId;
  assert.ok(agentId !== undefined);
  return {
    type: 'agent-to-server',
    testName: 'Mail relay',
    interval: 300,
    server: 'relay.example.com',
    agents: [{ agentId }],
    ...more,
  };
}
