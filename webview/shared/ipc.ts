// The base of every panel's typed message protocol. Each panel declares its own
// `protocol.ts` with the messages both ways; the host (src/vscode/panels) imports it too.

/** A message with a discriminating `type` and typed parameters. */
export interface IpcMessage<Type extends string, Params = undefined> {
  readonly type: Type;
  readonly params: Params;
}

/** Every panel's first message to the host: the webview is listening. */
export type ReadyMessage = IpcMessage<'ready'>;

/** What acquireVsCodeApi() returns, typed by the panel's outgoing messages. */
export interface HostApi<Out> {
  postMessage(message: Out): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): HostApi<unknown>;

/**
 * The host API inside VS Code; outside it (headless tests, the HTML report) a stand-in
 * that forwards to window.parent / a test hook so panels run unchanged.
 */
export function hostApi<Out>(): HostApi<Out> {
  if (typeof acquireVsCodeApi === 'function') return acquireVsCodeApi() as HostApi<Out>;
  let state: unknown;
  const sink = (globalThis as { __netmonHost?: (m: unknown) => void }).__netmonHost;
  return {
    postMessage: (message) => sink?.(message),
    getState: () => state,
    setState: (next) => {
      state = next;
    },
  };
}
