// The code lenses at the top of one alert document (a rule, a suppression window): what deploying it
// would do (Create, or Update with its changes, and Delete: one-document-deploy.ts), once signed in
// and in a trusted folder; otherwise what would make them available. Each kind (alert-rule-lenses.ts,
// suppression-window-lenses.ts) says only what is its own: its words, its file, its plan, how its
// deployed id reads and any lenses only it has.
import * as vscode from 'vscode';
import { untrustedLine } from '../../analysis/text/untrusted';
import type { ConnectionManager } from '../connection/connection-manager';
import { COMMAND } from '../command-ids.generated';
import { consentedChange, type LensConsent } from './lens-consent';
import type { DeployAction, DeployKind } from './one-document-deploy';
import { deployTarget } from './target';

export type LensMaker = (title: string, command: string, ...args: unknown[]) => vscode.CodeLens;

/** The kind as its commands know it (its words, file, plan, lens title, command ids), and what only lenses need. */
export interface LensKind<Step extends { action: DeployAction }, Unchanged> extends Pick<
  DeployKind<Step, unknown, Unchanged>,
  'short' | 'plural' | 'isFile' | 'plan' | 'lensTitle' | 'commands'
> {
  /** What signing in and trusting the folder let one do with the document: `backtest`, `deploy`. */
  verb: string;
  /** As the `Deployed as rule …` lens shows it (outside text is cut to a line). */
  deployedId(unchanged: Unchanged): string;
  /** Lenses only this kind has, after the deploy lenses. */
  ownLenses?(document: vscode.TextDocument, lens: LensMaker): vscode.CodeLens[];
}

export class OneDocumentLenses<Step extends { action: DeployAction }, Unchanged>
  implements vscode.CodeLensProvider, vscode.Disposable
{
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly connection: ConnectionManager,
    /** Create and Update lenses carry its one-time token: their click is the consent to what the title says. */
    private readonly consent: LensConsent,
    private readonly kind: LensKind<Step, Unchanged>,
  ) {
    this.subscription = vscode.Disposable.from(
      connection.onDidChange(() => this.changed.fire()),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.changed.fire()),
    );
  }

  refresh(): void {
    this.changed.fire();
  }

  async provideCodeLenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    const { kind } = this;
    if (!kind.isFile(document.uri.path)) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    const lens = (title: string, command: string, ...args: unknown[]): vscode.CodeLens =>
      new vscode.CodeLens(top, { title, command, arguments: args, tooltip: title });
    if (!this.connection.current)
      return [lens(`Netmon: sign in (or use the demo account) to ${kind.verb} this ${kind.short}`, COMMAND.signIn)];
    if (!vscode.workspace.isTrusted) {
      const title = `$(shield) Restricted Mode: trust this folder to ${kind.verb} its ${kind.short}s`;
      return [lens(title, 'workbench.trust.manage')];
    }
    return [...(await this.deployLenses(document, lens)), ...(kind.ownLenses?.(document, lens) ?? [])];
  }

  /** Create, or Update (with what it changes) and Delete; a lens saying why not when the plan cannot. */
  private async deployLenses(document: vscode.TextDocument, lens: LensMaker): Promise<vscode.CodeLens[]> {
    const { kind } = this;
    let plan;
    const target = deployTarget(this.connection, document.getText());
    try {
      plan = await kind.plan(target, document, false);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return [lens(`$(warning) ${untrustedLine(message, 80)}`, '')];
    }
    if (!plan) return [lens(`${kind.plural} need the v7 API`, '')];
    const skipped = plan.skipped[0];
    if (skipped) return [lens(`$(warning) ${untrustedLine(skipped.reason, 100)}`, '')];
    const remove = lens('$(trash) Delete', kind.commands.delete, document.uri);
    const unchanged = plan.unchanged[0];
    if (unchanged) return [lens(`$(check) Deployed as ${kind.short} ${kind.deployedId(unchanged)}`, ''), remove];
    const step = plan.steps[0];
    if (!step || step.action === 'delete') return [];
    const title = kind.lensTitle(step, target);
    const token = this.consent.issue(document.uri, document.version, step.action, consentedChange(target, title));
    if (step.action === 'create') return [lens(`$(cloud-upload) ${title}`, kind.commands.create, document.uri, token)];
    return [lens(`$(sync) ${title}`, kind.commands.update, document.uri, token), remove];
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
