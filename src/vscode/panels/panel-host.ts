// The host side of one webview (a panel or a custom editor): the `ready` handshake (nothing
// is posted before it; messages wait in a queue), the last load replayed when a hidden
// webview comes back (no retainContextWhenHidden needed), cancellable fetches tied to the
// panel's life, errors shown in the panel and as a notification, and a state snapshot
// that the extension-host suites read.
import * as vscode from 'vscode';
import { showError } from '../ui/notify';
import type { IpcMessage, ReadyMessage } from '../../../webview/shared/ipc';
import { isRenderFailedParams, type RenderFailedMessage } from '../../../webview/shared/render-failed';
import { neutralize } from '../../analysis/text/untrusted';
import { errorText, isCancellation } from '../errors';
import { withCancellableProgress } from '../progress';
import { errorHtml, panelHtml, webviewOptions, type WebviewBundle } from './webview-html';
import { COMMAND } from '../command-ids.generated';

export type PanelKind =
  | 'session'
  | 'waterfall'
  | 'har-file'
  | 'path'
  | 'metrics'
  | 'instant'
  | 'agent'
  | 'timeline'
  | 'compare'
  | 'har-diff'
  | 'backtest'
  | 'health';

type AnyMessage = IpcMessage<string, unknown>;

const RENDER_FAILED: RenderFailedMessage['type'] = 'renderFailed';
const SHOW_LOG = 'Show Log';

/** What a person would see, for the extension-host suites. */
export interface PanelSnapshot {
  id: string;
  kind: PanelKind;
  key: string;
  title: string;
  visible: boolean;
  /** The editor column the panel is in (undefined while it is not shown). */
  column: number | undefined;
  /** The webview said `ready` and has not been hidden (and unloaded) since. */
  ready: boolean;
  /** Params of the webview's latest "drawn" message (`rendered` / `loaded`). */
  rendered: unknown;
  /** How many times the webview reported a drawing. */
  renders: number;
  /** The latest failure shown in the panel, cleared by the next successful load. */
  error: string | undefined;
  /** A fetch for this panel is running. */
  busy: boolean;
}

export interface PanelHostOptions<P extends AnyMessage> {
  kind: PanelKind;
  /** Identity of what the panel shows (e.g. `session:<id>`): opening it again reveals this panel. */
  key: string;
  panel: vscode.WebviewPanel;
  extensionUri: vscode.Uri;
  bundle: WebviewBundle;
  isPanelMessage: (value: unknown) => value is P;
  /** The webview message that says "drawn" (its params become `rendered`). */
  renderedType: P['type'];
  /** How the panel shows a failure (its protocol's `error` message, or a static page). */
  showError: (message: string) => void;
  /** Where ignored webview messages are noted (their type only: params may hold anything). */
  log: vscode.LogOutputChannel;
}

export class PanelHost<H extends AnyMessage, P extends AnyMessage> implements vscode.Disposable {
  readonly id: string;
  private ready = false;
  private sticky: H | undefined;
  private queue: H[] = [];
  private rendered: unknown;
  private renders = 0;
  private error: string | undefined;
  private runs = 0;
  private current = new AbortController();
  private erroredPage = false;
  private messageHandler: ((message: Exclude<P, ReadyMessage>) => Promise<void> | void) | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly disposed = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposed.event;

  constructor(
    private readonly options: PanelHostOptions<P>,
    id: string,
  ) {
    this.id = id;
    const { panel } = options;
    panel.webview.options = webviewOptions(options.extensionUri);
    this.setShell();
    this.disposables.push(
      panel.webview.onDidReceiveMessage((message: unknown) => {
        void this.receive(message);
      }), // receive never rejects
      // A hidden webview without retainContextWhenHidden is unloaded; it says `ready` again when shown.
      panel.onDidChangeViewState(({ webviewPanel }) => {
        if (!webviewPanel.visible) this.ready = false;
      }),
      panel.onDidDispose(() => this.dispose()),
    );
  }

  get kind(): PanelKind {
    return this.options.kind;
  }
  get key(): string {
    return this.options.key;
  }
  get panel(): vscode.WebviewPanel {
    return this.options.panel;
  }

  /** Handles webview messages other than `ready`. Set once by the panel that owns this host. */
  onMessage(handler: (message: Exclude<P, ReadyMessage>) => Promise<void> | void): void {
    this.messageHandler = handler;
  }

  /** Posts the panel's state-defining message (load or error); replayed after a reload. */
  show(message: H): void {
    if (this.erroredPage) this.setShell();
    this.sticky = message;
    this.queue = [];
    if (message.type !== 'error') this.error = undefined;
    if (this.ready) void this.options.panel.webview.postMessage(message);
  }

  /** Posts a passing message (e.g. `loading`); queued until the webview is ready. */
  post(message: H): void {
    if (this.ready) void this.options.panel.webview.postMessage(message);
    else this.queue.push(message);
  }

  /** A page without script that states the failure; the next `show` restores the panel. */
  showErrorPage(message: string): void {
    this.erroredPage = true;
    this.ready = false;
    this.options.panel.webview.html = errorHtml(this.options.panel.webview, this.options.panel.title, message);
  }

  /**
   * Runs a fetch for this panel with a cancellable progress notification. A newer run
   * cancels an older one, closing the panel cancels both; failures are shown in the panel.
   */
  async run<T>(what: string, title: string, work: (signal: AbortSignal) => Promise<T>): Promise<T | undefined> {
    this.current.abort();
    const lifetime = new AbortController();
    this.current = lifetime;
    this.runs++;
    try {
      return await withCancellableProgress(title, (progressSignal) =>
        work(AbortSignal.any([progressSignal, lifetime.signal])),
      );
    } catch (error) {
      if (!isCancellation(error) && !lifetime.signal.aborted) this.fail(errorText(what, error));
      return undefined;
    } finally {
      this.runs--;
    }
  }

  /** Cancels the running fetch, as the progress notification's Cancel does. */
  cancel(): void {
    this.current.abort();
  }

  fail(message: string): void {
    this.error = message;
    this.options.showError(message);
    this.options.log.error(`${this.id}: ${message}`);
    void this.notify(message);
  }

  /** The webview could not draw what it was sent: the panel says so; here it is logged and offered. */
  private renderFailed(reason: string): void {
    const message = `${this.options.panel.title}: this view could not be drawn from the data received (${reason})`;
    this.error = message;
    this.options.log.error(`${this.id}: ${neutralize(reason)}`);
    void this.notify(message);
  }

  private async notify(message: string): Promise<void> {
    if ((await showError(message, SHOW_LOG)) === SHOW_LOG) await vscode.commands.executeCommand(COMMAND.showLog);
  }

  /**
   * Entry of every webview message; the suites call it to play a webview's part. Never
   * rejects: a malformed message, or one its handler refuses, is logged and ignored.
   */
  async receive(message: unknown): Promise<void> {
    try {
      await this.handle(message);
    } catch (error) {
      this.options.log.warn(
        `${this.id}: ignored a "${messageType(message)}" message from the webview: ` +
          `${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  private async handle(message: unknown): Promise<void> {
    // Each protocol's guard checks the params too: nothing unchecked reaches a handler.
    if (!this.options.isPanelMessage(message))
      throw new Error("not a message of this panel's protocol (or malformed params)");
    if (message.type === 'ready') {
      this.ready = true;
      this.flush();
      return;
    }
    if (message.type === RENDER_FAILED && isRenderFailedParams(message.params)) {
      this.renderFailed(message.params.message);
      return;
    }
    if (message.type === this.options.renderedType) {
      this.rendered = message.params;
      this.renders++;
      this.error = undefined;
    }
    await this.messageHandler?.(message as Exclude<P, ReadyMessage>);
  }

  snapshot(): PanelSnapshot {
    const { panel, kind, key } = this.options;
    return {
      id: this.id,
      kind,
      key,
      title: panel.title,
      visible: panel.visible,
      column: panel.viewColumn,
      ready: this.ready,
      rendered: this.rendered,
      renders: this.renders,
      error: this.error,
      busy: this.runs > 0,
    };
  }

  dispose(): void {
    if (this.disposables.length === 0) return;
    this.current.abort();
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
    this.disposed.fire();
    this.disposed.dispose();
    this.options.panel.dispose();
  }

  private setShell(): void {
    this.erroredPage = false;
    this.ready = false;
    const { panel, extensionUri, bundle } = this.options;
    panel.webview.html = panelHtml(panel.webview, extensionUri, bundle, panel.title);
  }

  private flush(): void {
    const { webview } = this.options.panel;
    if (this.sticky) void webview.postMessage(this.sticky);
    for (const message of this.queue.splice(0)) void webview.postMessage(message);
  }
}

/** The message's `type` for a log line, bounded: the rest may be large or sensitive. */
function messageType(message: unknown): string {
  const type = typeof message === 'object' && message !== null ? (message as { type?: unknown }).type : undefined;
  return typeof type === 'string' ? type.slice(0, 40) : typeof message;
}
