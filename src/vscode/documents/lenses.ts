// Code lenses at the top of each document: what the document is bound to and the actions
// that fit it (Create, or Update / Delete for test documents; Run for instant tests and
// filters). A binding that came with the document (this machine did not write it) is
// shown as not verified. In Restricted Mode no write action is offered.
import * as vscode from 'vscode';
import type { ApiVersion } from '../../api/client';
import { untrustedLine } from '../../analysis/text/untrusted';
import { documentKindOf } from '../../documents/kinds';
import { documentsLibrary as lib } from './library';
import type { ConnectionManager } from '../connection/connection-manager';
import { COMMANDS } from './command-ids';
import type { BindingWriter } from './bindings';
import { deployTarget, type DeployTarget } from './target';
import type { CatalogAgent } from '../../documents';
import { consentedChange, createChange, updateChange, updateChanges, type LensConsent } from './lens-consent';
import { endpointTestLenses } from './endpoint-lenses';
import { runNowLenses } from './run-now-lenses';
import { KnownApiVersions } from './known-api-versions';
import { COMMAND } from '../command-ids.generated';

type LensMaker = (title: string, command: string, ...args: unknown[]) => vscode.CodeLens;

export class DocumentLenses implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly subscription: vscode.Disposable;
  private readonly versions = new KnownApiVersions(() => this.refresh());

  constructor(
    private readonly connection: ConnectionManager,
    private readonly bindings: BindingWriter,
    /** Create and Update lenses carry its one-time token: their click is the consent to what the title says. */
    private readonly consent: LensConsent,
    private readonly agents: () => readonly CatalogAgent[],
  ) {
    this.subscription = vscode.Disposable.from(
      connection.onDidChange(() => this.refresh()),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.refresh()),
    );
  }

  refresh(): void {
    this.changed.fire();
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const kind = documentKindOf(document.uri.path);
    const top = new vscode.Range(0, 0, 0, 0);
    const lens = (title: string, command: string, ...args: unknown[]): vscode.CodeLens =>
      new vscode.CodeLens(top, { title, command, arguments: args, tooltip: title });
    if (!kind) return [];
    if (!this.connection.current)
      return [lens('Netmon: sign in (or use the demo account) to deploy or run', COMMAND.signIn)];
    if (kind === 'filter') return [lens('$(play) Run Filter', COMMANDS.runFilter, document.uri)];
    if (!vscode.workspace.isTrusted)
      return [
        lens('$(shield) Restricted Mode: trust this folder to deploy or run its documents', 'workbench.trust.manage'),
      ];
    if (kind === 'instant') return [lens('$(play) Run Instant Test', COMMANDS.runInstantDocument, document.uri)];
    if (kind === 'endpoint-test')
      return endpointTestLenses(this.connection, this.bindings, this.consent, document, lens);
    const text = document.getText();
    const target = deployTarget(this.connection, text);
    // Asked at the first drawing, so that the Update lens can say a v7 in-place change by the first edit.
    const version = this.versions.of(target.client);
    const bindings = lib().listBindings(text);
    const bound = lib().findBinding(bindings, target.connectionKey, target.aidKey);
    const others = bindings
      .filter((b) => b !== bound)
      .map((b) => untrustedLine(`${b.connectionKey}/${b.aid}: ${b.testId}`, 80));
    const elsewhere = others.length > 0 ? ` · also deployed on ${others.join(', ')}` : '';
    const runNow = runNowLenses(document, text, this.consent, version);
    // What Create or Update would change, field by field, before doing it; and the same for the document's folder.
    const plan = [
      lens('$(checklist) Plan', COMMANDS.plan, document.uri),
      lens('Plan Folder', COMMANDS.plan, parentFolder(document.uri)),
    ];
    if (!bound) {
      return [
        this.createLens(document, text, target, lens),
        ...runNow,
        ...plan,
        ...(others.length > 0
          ? [lens(`Not deployed here${elsewhere}`, COMMANDS.plan, parentFolder(document.uri))]
          : []),
      ];
    }
    const verified = this.bindings.isConfirmed(document.uri, target.connectionKey, target.aidKey, bound.testId);
    const boundTitle = verified
      ? `$(link) Bound to test ${bound.testId} · ${target.connectionKey} · ${target.groupLabel}${elsewhere}`
      : `$(warning) Bound in the document to test ${bound.testId} — not verified · ${target.groupLabel}${elsewhere}`;
    // The actions before a verified binding's status: in an editor narrowed by the results beside
    // it, the end of the line is cut off. A binding not verified is said first, before any action.
    const status = lens(boundTitle, COMMANDS.showBinding, document.uri);
    const actions = [
      verified
        ? this.updateLens(document, text, target, bound.testId, lens, version)
        : lens('$(sync) Update', COMMANDS.update, document.uri),
      lens('$(trash) Delete', COMMANDS.delete, document.uri),
      ...runNow,
      ...plan,
      lens('$(graph) Results', COMMAND.showTestResults, document.uri),
    ];
    return verified ? [...actions, status] : [status, ...actions];
  }

  /**
   * `Create "name" in group · type · 2 agents · every 300 s`, one click; today's title (and its modal) for a
   * document
   * with an error.
   */
  private createLens(
    document: vscode.TextDocument,
    text: string,
    target: DeployTarget,
    lens: LensMaker,
  ): vscode.CodeLens {
    const title = createChange(text, target);
    if (!title) return lens(`$(cloud-upload) Create in ${target.groupLabel}`, COMMANDS.create, document.uri);
    return lens(
      `$(cloud-upload) ${title}`,
      COMMANDS.create,
      document.uri,
      this.consent.issue(document.uri, document.version, 'create', consentedChange(target, title)),
    );
  }

  /**
   * `Update: interval 300 → 600` against what this machine last deployed, one click; otherwise the modal's Update.
   */
  private updateLens(
    document: vscode.TextDocument,
    text: string,
    target: DeployTarget,
    testId: number,
    lens: LensMaker,
    version: ApiVersion | undefined,
  ): vscode.CodeLens {
    const record = this.bindings.deployments
      .list(target.connectionKey, target.aidKey)
      .find((test) => test.testId === testId);
    const changes = record && updateChanges(document.uri, text, record, target, this.agents(), version);
    if (!changes) return lens('$(sync) Update', COMMANDS.update, document.uri);
    const title = updateChange(changes);
    return lens(
      `$(sync) ${title}`,
      COMMANDS.update,
      document.uri,
      this.consent.issue(document.uri, document.version, 'update', consentedChange(target, title)),
    );
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

function parentFolder(uri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(uri, '..');
}
