// The agent timeline panel: one endpoint agent's records over a range on one time axis, with
// the verdict over time. The walk reads the four lists filtered by agent and the details it
// needs; the panel draws what has arrived while the rest loads, says what is loading, and
// shows unread stretches as gaps with a retry. Links open only records the timeline holds.
import * as vscode from 'vscode';
import { agentTimeline, timelineText, withAlertMarks, type AgentTimeline } from '../../analysis/timeline';
import type { MarkInputs } from '../../analysis/alerts/marks';
import { markRangeOf, readMarkInputs } from '../../workflows/alert-marks';
import { TimelineWalk, type DetailCache } from '../../analysis/timeline/walk';
import {
  isTimelinePanelMessage,
  type RangePreset,
  type TimelineHostMessage,
  type TimelinePanelMessage,
} from '../../../webview/timeline/protocol';
import { flashStatus } from '../ui/notify';
import { exportEvidence } from '../evidence/export-evidence';
import { timelinePanelEvidence } from '../evidence/panel-evidence';
import { shareForTicket } from '../evidence/share-ticket';
import type { PanelHost } from './panel-host';
import { createPanelHost, type PanelServices } from './services';
import { timelineRange } from './timeline-range';
import { askLocalRange } from '../ui/local-range-box';
import { COMMAND } from '../command-ids.generated';

type Host = PanelHost<TimelineHostMessage, TimelinePanelMessage>;

/** Partial timelines are redrawn at most this often while pages arrive. */
const REDRAW_MS = 400;

interface Shown {
  agentId: string;
  preset: RangePreset;
  aroundMs?: number;
  typed?: string;
  walk?: TimelineWalk;
  timeline?: AgentTimeline;
  rangeLabel?: string;
  /** The alerts and events of the range (read once the walk is done): the timeline's marks. */
  marks?: MarkInputs | { note: string };
}

export class TimelinePanels {
  private readonly shown = new Map<string, Shown>();
  /** Session details read by any timeline of this connection, by session id. */
  private readonly details: DetailCache = new Map();

  constructor(private readonly services: PanelServices) {
    services.connection.onDidChange(() => this.details.clear());
  }

  /**
   * Opens (or reveals) the timeline of one agent over `preset` (the view's range for a new
   * panel), or a few hours either side of `aroundMs` (a link from a record); resolves to the panel id.
   */
  async open(agentId: string, preset?: RangePreset, aroundMs?: number): Promise<string> {
    if (aroundMs !== undefined) preset = 'around';
    const key = `timeline:${agentId}`;
    const existing = this.services.registry.byKey(key) as Host | undefined;
    if (existing) {
      existing.panel.reveal();
      const shown = this.shown.get(existing.id);
      const changed = preset !== undefined && (shown?.preset !== preset || shown.aroundMs !== aroundMs);
      const center = aroundMs ?? shown?.aroundMs;
      if (shown && (changed || existing.snapshot().error !== undefined))
        await this.load(existing, {
          agentId,
          preset: preset ?? shown.preset,
          ...(center === undefined ? {} : { aroundMs: center }),
        });
      return existing.id;
    }
    const host = createPanelHost<TimelineHostMessage, TimelinePanelMessage>(
      this.services,
      {
        kind: 'timeline',
        key,
        title: `Timeline: ${agentId}`,
        bundle: 'timeline',
        isPanelMessage: isTimelinePanelMessage,
        renderedType: 'rendered',
      },
      (message) => ({ type: 'error', params: { message } }),
    );
    host.onDidDispose(() => this.shown.delete(host.id));
    host.onMessage((message) => this.receive(host, message));
    await this.load(host, { agentId, preset: preset ?? 'view', ...(aroundMs === undefined ? {} : { aroundMs }) });
    return host.id;
  }

  private async receive(host: Host, message: Exclude<TimelinePanelMessage, { type: 'ready' }>): Promise<void> {
    const shown = this.shown.get(host.id);
    if (!shown || message.type === 'rendered' || message.type === 'renderFailed') return;
    const timeline = shown.timeline;
    switch (message.type) {
      case 'setRange':
        if (message.params.preset === 'around') return; // only a link knows what to center on
        if (message.params.preset === 'custom') {
          const asked = await askLocalRange('Netmon: time range of the timeline (local time)', shown.typed);
          if (asked) await this.load(host, { agentId: shown.agentId, preset: 'custom', typed: asked.text });
          return;
        }
        await this.load(host, { agentId: shown.agentId, preset: message.params.preset });
        return;
      case 'copyText':
        if (!timeline) return;
        await vscode.env.clipboard.writeText(timelineText(timeline));
        flashStatus('Netmon: timeline copied as text', 3_000);
        return;
      case 'exportEvidence':
        if (timeline) await exportEvidence(this.services, timelinePanelEvidence(this.services, timeline));
        return;
      case 'shareForTicket':
        if (timeline) await shareForTicket(this.services, timelinePanelEvidence(this.services, timeline));
        return;
      case 'retryGap':
        await this.retry(host, shown, message.params.list);
        return;
      case 'cancel':
        host.cancel();
        host.post({ type: 'progress', params: { text: 'Cancelled: the timeline shows what was read until then.' } });
        return;
      case 'openSession':
        // A message can only open what this timeline shows.
        if (!timeline?.lanes.sessions.some((s) => s.userSessionId === message.params.userSessionId))
          throw new Error('openSession for a session this timeline does not hold');
        await vscode.commands.executeCommand(COMMAND.openSessionOverview, message.params.userSessionId);
        return;
      case 'openPage': {
        const page = timeline?.lanes.pages.find(
          (p) => p.userSessionId === message.params.userSessionId && p.pageId === message.params.pageId,
        );
        if (!page) throw new Error('openPage for a page this timeline does not hold');
        await vscode.commands.executeCommand(COMMAND.openPageWaterfall, page.userSessionId, page.pageId, page.title);
        return;
      }
      case 'openProbe':
        if (
          !timeline?.lanes.probes.some((l) => l.points.some((p) => p.networkProbeId === message.params.networkProbeId))
        )
          throw new Error('openProbe for a probe this timeline does not hold');
        await vscode.commands.executeCommand(COMMAND.openProbeDetails, message.params.networkProbeId);
        return;
    }
  }

  private async load(host: Host, request: Shown): Promise<void> {
    const client = this.services.connection.requireClient();
    const range = timelineRange(
      request.preset,
      this.services.timeOptions(),
      Date.now(),
      request.aroundMs,
      request.typed,
    );
    const shown: Shown = { ...request, rangeLabel: range.label };
    this.shown.set(host.id, shown);
    await host.run(
      `Loading the timeline of agent ${request.agentId}`,
      `Loading the timeline of ${request.agentId}`,
      async (signal) => {
        const directory = await client.agentDirectory().ready(signal);
        const agent = directory.agent(request.agentId);
        const name = directory.nameOf(request.agentId);
        host.panel.title = `Timeline: ${name ?? request.agentId}`;
        const state = {
          agentId: request.agentId,
          ...(name ? { name } : {}),
          ...(agent ? { status: String(agent.status ?? ''), deleted: agent.deleted === true } : {}),
        };
        let last = 0;
        const draw = (complete: boolean): void => {
          shown.timeline = marked(shown, agentTimeline(state, walk.range, walk.builder, walk.gaps, complete));
          host.show({
            type: 'load',
            params: { timeline: shown.timeline, rangeLabel: range.label, preset: request.preset },
          });
        };
        const walk: TimelineWalk = new TimelineWalk(
          client,
          request.agentId,
          range.request,
          range.estimate,
          this.details,
          {
            onUpdate: (progress) => {
              host.post({ type: 'progress', params: { text: progress.text } });
              if (Date.now() - last >= REDRAW_MS) {
                last = Date.now();
                draw(false);
              }
            },
          },
        );
        shown.walk = walk;
        draw(false);
        // Read beside the walk (bounded to its range when drawn); a cancelled walk leaves the read to end quietly.
        const marks = readMarkInputs(client, markRangeOf(range.request), signal);
        marks.catch(() => undefined);
        await walk.run(signal);
        shown.marks = await marks;
        draw(true);
      },
    );
  }

  private async retry(host: Host, shown: Shown, list: string): Promise<void> {
    const gap = shown.walk?.gaps.find((g) => g.list === list);
    const walk = shown.walk;
    const timeline = shown.timeline;
    if (!gap || !walk || !timeline) return;
    await host.run(
      `Reading the ${list} again`,
      `Reading the rest of the timeline of ${shown.agentId}`,
      async (signal) => {
        await walk.retry(gap, signal);
        shown.timeline = marked(shown, agentTimeline(timeline.agent, timeline.range, walk.builder, walk.gaps, true));
        host.show({
          type: 'load',
          params: { timeline: shown.timeline, rangeLabel: shown.rangeLabel ?? '', preset: shown.preset },
        });
      },
    );
  }
}

/** The timeline with its alert and event marks, once they are read. */
function marked(shown: Shown, timeline: AgentTimeline): AgentTimeline {
  return shown.marks ? withAlertMarks(timeline, shown.marks) : timeline;
}
