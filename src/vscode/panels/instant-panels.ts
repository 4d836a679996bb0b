// The results of an instant test as a panel: a row per agent by name, graded, with links to
// the test's metrics and path traces. The documents layer runs the test and hands the view
// over, with how to open the same results as text and as JSON: an endpoint instant test's
// once, finished; an enterprise run's (v7) at each read of its wait, in a panel of its own
// per run, with Cancel while it waits.
import { besideColumn } from '../ui/columns';
import type { InstantResultsView } from '../../analysis/instant/results';
import {
  isInstantPanelMessage,
  type InstantHostMessage,
  type InstantPanelMessage,
} from '../../../webview/instant/protocol';
import type { MetricsPanels } from './metrics-panels';
import type { PanelHost } from './panel-host';
import type { PathPanels } from './path-panels';
import { createPanelHost, type PanelServices } from './services';

export interface InstantResultsAlternatives {
  /** The same table in a read-only text editor (for a ticket). */
  openText(): Promise<unknown>;
  /** The results as the service sent them. */
  openJson(): Promise<unknown>;
}

/** An enterprise run shown while it goes on: its own panel, redrawn by each `open`, and how to stop waiting. */
export interface InstantRunPanel {
  key: string;
  cancel(): void;
}

type Host = PanelHost<InstantHostMessage, InstantPanelMessage>;
interface Shown {
  view: InstantResultsView;
  alternatives: InstantResultsAlternatives;
  run?: InstantRunPanel;
}

export class InstantResultsPanels {
  /** What each open panel shows, by panel id: a second run of the same test redraws its panel. */
  private readonly shown = new Map<string, Shown>();

  constructor(
    private readonly services: PanelServices,
    private readonly metrics: MetricsPanels,
    private readonly paths: PathPanels,
  ) {}

  /** Shows the results (`run`: an enterprise run's panel, redrawn in place); returns the panel id. */
  open(view: InstantResultsView, alternatives: InstantResultsAlternatives, run?: InstantRunPanel): string {
    const key = run?.key ?? `instant:${view.testId}`;
    const existing = this.services.registry.byKey(key) as Host | undefined;
    const host = existing ?? this.create(key, view.testName);
    this.shown.set(host.id, { view, alternatives, run });
    // A run's later reads redraw where the panel is; only its first view (or a finished endpoint run) brings it
    // forward.
    if (!run || !existing) host.panel.reveal(undefined, true);
    host.show({ type: 'load', params: { view } });
    return host.id;
  }

  private create(key: string, testName: string): Host {
    const host = createPanelHost<InstantHostMessage, InstantPanelMessage>(
      this.services,
      {
        kind: 'instant',
        key,
        title: `Instant: ${testName}`,
        bundle: 'instant',
        isPanelMessage: isInstantPanelMessage,
        renderedType: 'loaded',
        column: besideColumn(), // beside the document that ran it
      },
      (message) => ({ type: 'error', params: { message } }),
    );
    // Closing a run's panel stops waiting for it: nothing would show the answers.
    host.onDidDispose(() => {
      this.shown.get(host.id)?.run?.cancel();
      this.shown.delete(host.id);
    });
    host.onMessage(async (message) => {
      const shown = this.shown.get(host.id);
      if (!shown || message.type === 'loaded' || message.type === 'renderFailed') return;
      const { view, alternatives } = shown;
      // Links name this panel's test only: a message cannot open another test's data.
      if (message.params.testId !== view.testId)
        throw new Error(`a link of instant test ${view.testId} named test ${message.params.testId}`);
      const deployed = view.source === 'enterprise';
      if (message.type === 'cancel') shown.run?.cancel();
      if (message.type === 'openMetrics') await this.metrics.open(view.testId, message.params.agentId, deployed);
      if (message.type === 'openPath')
        await this.paths.open({ testId: view.testId, agentId: message.params.agentId, deployed });
      if (message.type === 'openText') await alternatives.openText();
      if (message.type === 'openJson') await alternatives.openJson();
    });
    return host;
  }
}
