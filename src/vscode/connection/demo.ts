// Demo mode: the embedded emulator, started in-process on a random loopback port. Its code
// lives in a separate bundle (dist/emulator-lib.js) loaded only here, so users who never
// try the demo do not pay for it at activation.
import * as path from 'node:path';
import type { ApiVersion, ApiVersionSetting } from '../../api/client';
import type { EmulatorOptions, RunningEmulator } from '../../emulator/api';
import { requireBundle } from '../bundle-loader';

export const DEMO_ADMIN = { email: 'admin@demo.netmon', token: 'demo-admin-token' } as const;

interface EmulatorLibrary {
  startEmulator(options?: EmulatorOptions): Promise<RunningEmulator>;
}

function isEmulatorLibrary(value: unknown): value is EmulatorLibrary {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { startEmulator?: unknown }).startEmulator === 'function'
  );
}

export function loadEmulatorLibrary(extensionPath: string): EmulatorLibrary {
  const bundle = path.join(extensionPath, 'dist', 'emulator-lib.js');
  // A runtime load of a computed path keeps the emulator out of dist/extension.js.
  const loaded = requireBundle(bundle);
  if (!isEmulatorLibrary(loaded))
    throw new Error(`${bundle} does not export startEmulator; rebuild with "npm run build"`);
  return loaded;
}

/**
 * The dialect of demo mode when netmon.apiVersion is `auto`: v7, what every account speaks
 * today (the extension-host suites that talk to the API pass against v7 too). v7 endpoint
 * results carry no permalink, so demo sessions offer none; netmon.apiVersion `v6` gives v6.
 */
export const DEMO_DEFAULT_API: ApiVersion = 'v7';

/** The emulator states its dialect: the client is told it and never probes. */
export function demoApiVersion(setting: ApiVersionSetting): ApiVersion {
  return setting === 'auto' ? DEMO_DEFAULT_API : setting;
}

export async function startDemoEmulator(extensionPath: string, api: ApiVersion): Promise<RunningEmulator> {
  return loadEmulatorLibrary(extensionPath).startEmulator({ host: '127.0.0.1', port: 0, preset: 'demo', api });
}
