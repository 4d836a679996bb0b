// A tool context over the embedded emulator on loopback HTTP, its clock pinned.
import { createNetmonClient } from '../../../src/api';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import type { ToolContext } from '../../../src/tools/types';

/** 2026-11-18 12:02 UTC: "now" of the emulator in these tests. */
export const NOW_MS = Date.UTC(2026, 10, 18, 12, 2, 0);

export interface ToolWorld {
  emulator: RunningEmulator;
  ctx: ToolContext;
  close(): Promise<void>;
}

export async function toolWorld(
  options: { cwd?: string; allowWrites?: boolean; api?: 'v6' | 'v7'; instantTestDelaySeconds?: number } = {},
): Promise<ToolWorld> {
  const api = options.api ?? 'v6';
  // With an instant test, the clock runs from NOW_MS: its results appear once time passes.
  const started = Date.now();
  const now = options.instantTestDelaySeconds === undefined ? () => NOW_MS : () => NOW_MS + (Date.now() - started);
  const emulator = await startEmulator({
    port: 0,
    api,
    now,
    ...(options.instantTestDelaySeconds !== undefined
      ? { instantTestDelaySeconds: options.instantTestDelaySeconds }
      : {}),
  });
  const client = createNetmonClient({
    baseUrl: emulator.url,
    credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
    apiVersion: api,
  });
  const close = async (): Promise<void> => {
    await client.close();
    await emulator.close();
  };
  const account = { client, serviceKey: 'demo', aidKey: '1001', requestAid: undefined, label: 'the emulator', close };
  return {
    emulator,
    ctx: { account, cwd: options.cwd ?? process.cwd(), allowWrites: options.allowWrites ?? false, now },
    close,
  };
}
