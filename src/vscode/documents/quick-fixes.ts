// Quick fixes for an enterprise agent id the account does not have: replace it with one of
// the nearest agents it does have, named (the same suggestions the diagnostic lists).
import * as vscode from 'vscode';
import { documentsLibrary as lib } from './library';
import type { CatalogCache } from './catalog';

const AGENT_CODES = new Set(['live/unknown-agent', 'live/unlisted-agent']);

export class AgentQuickFixes implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  constructor(private readonly catalog: CatalogCache) {}

  provideCodeActions(
    document: vscode.TextDocument,
    _range: vscode.Range,
    context: vscode.CodeActionContext,
  ): vscode.CodeAction[] {
    const agents = this.catalog.current?.validation.enterpriseAgents ?? [];
    const used = new Set(
      lib()
        .listAgentIds(document.getText())
        .map((id) => lib().normalizeId(id)),
    );
    return context.diagnostics
      .filter((d) => AGENT_CODES.has(String(d.code)))
      .flatMap((diagnostic) => {
        const unknown = document.getText(diagnostic.range).replace(/"/g, '');
        return lib()
          .suggestAgents(agents, unknown, used)
          .map((agent, index) => {
            const action = new vscode.CodeAction(
              `Replace with ${agent.name} (${agent.agentId})`,
              vscode.CodeActionKind.QuickFix,
            );
            action.edit = new vscode.WorkspaceEdit();
            action.edit.replace(document.uri, diagnostic.range, lib().idLiteral(agent.agentId));
            action.diagnostics = [diagnostic];
            action.isPreferred = index === 0;
            return action;
          });
      });
  }
}
