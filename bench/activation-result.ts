// What the activation probe (bench/activation-probe.ts, inside VS Code) reports to the
// bench (bench/activation.ts, outside): one console line `NETMON_BENCH {json}`.
// Kept free of `vscode` so the bench itself can import it.

export const RESULT_PREFIX = 'NETMON_BENCH ';

export interface NetmonTimings {
  mode: 'netmon';
  wasActiveBefore: boolean;
  activateMs: number;
  rootsMs: number;
  firstDataMs: number;
  agents: number;
}

export interface BaselineTimings {
  mode: 'baseline';
  wasActiveBefore: boolean;
  activateMs: number;
  /** Cold pieces of demo-mode start-up, measured one after another in a fresh host. */
  pieces: {
    vscodeImportInterop: number;
    requireEmulatorLib: number;
    startEmulator: number;
    requireClientLib: number;
    firstRequest: number;
    agentsRequest: number;
  };
}

export type ProbeResult = NetmonTimings | BaselineTimings;
