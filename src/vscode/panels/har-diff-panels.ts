// The diff waterfall of two page loads: a page of a session (read from the API) or a .har
// file on either side. The diff is computed here (src/analysis/har/diff.ts, the model of
// `netmon har diff` too) and posted whole; the webview sorts and filters it.
import * as vscode from 'vscode';
import { diffSides, hasHarEntries, readDiffSide, type HarDiff, type HarDiffSide } from '../../analysis/har/diff';
import { formatHarDiff } from '../../analysis/har/diff-text';
import {
  isHarDiffPanelMessage,
  type HarDiffHostMessage,
  type HarDiffPanelMessage,
} from '../../../webview/hardiff/protocol';
import { flashStatus } from '../ui/notify';
import { exportEvidence } from '../evidence/export-evidence';
import { harDiffPanelEvidence, type PanelEvidence } from '../evidence/panel-evidence';
import { shareForTicket } from '../evidence/share-ticket';
import type { PanelHost } from './panel-host';
import { createPanelHost, type PanelServices } from './services';

type Host = PanelHost<HarDiffHostMessage, HarDiffPanelMessage>;

/** One side of a comparison: where its HAR comes from and which page of it. */
export interface HarSource {
  /** Identity (the panel for the same two sources is revealed, not opened twice). */
  key: string;
  /** In words, for the panel and the text form ("checkout.har", "Home · session 123"). */
  name: string;
  /** A page id or 1-based number of the HAR, or '*' for every request; the first page when absent. */
  page?: string;
  /** The session whose page this is (its id is in `name`): a pseudonymised share replaces it. */
  userSessionId?: string;
  read(signal: AbortSignal): Promise<unknown>;
}

interface Read {
  har: unknown;
  side: HarDiffSide;
}
/** `diff`: the one drawn (Copy as Text prints it); gone until the next load after a swap. */
interface Shown {
  before: HarSource;
  after: HarSource;
  sides?: [Read, Read];
  diff?: HarDiff;
}

export class HarDiffPanels {
  private readonly shown = new Map<string, Shown>();

  constructor(private readonly services: PanelServices) {}

  /** Opens (or reveals) the diff of two HARs; resolves to the panel id. */
  async open(before: HarSource, after: HarSource): Promise<string> {
    if (before.key === after.key && before.page === after.page)
      throw new Error('Pick two different pages or files to compare');
    const key = `har-diff:${before.key}#${before.page ?? ''}:${after.key}#${after.page ?? ''}`;
    const existing = this.services.registry.byKey(key) as Host | undefined;
    if (existing) {
      existing.panel.reveal();
      if (existing.snapshot().error !== undefined) await this.load(existing);
      return existing.id;
    }
    const host = createPanelHost<HarDiffHostMessage, HarDiffPanelMessage>(
      this.services,
      {
        kind: 'har-diff',
        key,
        title: `Compare: ${before.name} ↔ ${after.name}`,
        bundle: 'hardiff',
        isPanelMessage: isHarDiffPanelMessage,
        renderedType: 'loaded',
      },
      (message) => ({ type: 'error', params: { message } }),
    );
    this.shown.set(host.id, { before, after });
    host.onDidDispose(() => this.shown.delete(host.id));
    host.onMessage(async (message) => {
      const shown = this.shown.get(host.id);
      if (!shown) return;
      if (message.type === 'swap') {
        this.shown.set(host.id, {
          before: shown.after,
          after: shown.before,
          ...(shown.sides ? { sides: [shown.sides[1], shown.sides[0]] } : {}),
        });
        await this.load(host);
      } else if (message.type === 'copyText' && shown.diff) {
        await vscode.env.clipboard.writeText(
          formatHarDiff(shown.diff, { before: shown.before.name, after: shown.after.name }).join('\n'),
        );
        flashStatus('Netmon: HAR diff copied as text', 3_000);
      } else if (message.type === 'exportEvidence') {
        const evidence = this.evidenceOf(shown);
        if (evidence) await exportEvidence(this.services, evidence);
      } else if (message.type === 'shareForTicket') {
        // Both sides' redacted HARs are written beside the HTML.
        const evidence = this.evidenceOf(shown);
        if (evidence) await shareForTicket(this.services, evidence);
      }
    });
    await this.load(host);
    return host.id;
  }

  /** The bundle of the diff shown (Export Evidence…, Share for a Ticket…); none before both sides were read. */
  private evidenceOf(shown: Shown): PanelEvidence | undefined {
    if (!shown.sides) return undefined;
    const side = (source: HarSource, read: Read): { name: string; har: unknown; userSessionId?: string } => ({
      name: source.name,
      har: read.har,
      ...(source.userSessionId ? { userSessionId: source.userSessionId } : {}),
    });
    return harDiffPanelEvidence(this.services, side(shown.before, shown.sides[0]), side(shown.after, shown.sides[1]), {
      ...(shown.before.page ? { beforePage: shown.before.page } : {}),
      ...(shown.after.page ? { afterPage: shown.after.page } : {}),
    });
  }

  private async load(host: Host): Promise<void> {
    const shown = this.shown.get(host.id);
    if (!shown) return;
    const sides =
      shown.sides ??
      (await host.run(
        `Reading ${shown.before.name} and ${shown.after.name}`,
        'Reading the two HARs',
        async (signal) => {
          const [a, b] = await Promise.all([readSide(shown.before, signal), readSide(shown.after, signal)]);
          return [a, b] as [Read, Read];
        },
      ));
    if (!sides) return;
    const diff = diffSides(sides[0].side, sides[1].side);
    this.shown.set(host.id, { ...shown, sides, diff });
    host.panel.title = `Compare: ${shown.before.name} ↔ ${shown.after.name}`;
    host.show({ type: 'load', params: { diff, names: { before: shown.before.name, after: shown.after.name } } });
  }
}

async function readSide(source: HarSource, signal: AbortSignal): Promise<Read> {
  const har = await source.read(signal);
  if (!hasHarEntries(har)) throw new Error(`${source.name} is not a HAR: it has no log.entries array`);
  try {
    return { har, side: readDiffSide(har, source.page) };
  } catch (error) {
    throw new Error(`${source.name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
