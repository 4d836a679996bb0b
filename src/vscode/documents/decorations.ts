// A badge on Netmon documents in the explorer (T, I, F) with a tooltip naming the kind: the
// three kinds share the JSONC language (and its icon), so this is how they tell apart.
import * as vscode from 'vscode';
import { documentKindOf, type DocumentKind } from '../../documents/kinds';

const BADGES: Readonly<Record<DocumentKind, { badge: string; tooltip: string }>> = {
  test: { badge: 'T', tooltip: 'Netmon test document (scheduled test, deployed with Create or netmon apply)' },
  instant: { badge: 'I', tooltip: 'Netmon instant-test document (run once from endpoint agents)' },
  filter: { badge: 'F', tooltip: 'Netmon search filter document (applied to the Netmon view)' },
  'endpoint-test': {
    badge: 'E',
    tooltip: 'Netmon endpoint test document (scheduled or dynamic test of endpoint agents, deployed with Create)',
  },
};

export class DocumentKindDecorations implements vscode.FileDecorationProvider {
  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    const kind = documentKindOf(uri.path);
    if (!kind) return undefined;
    const { badge, tooltip } = BADGES[kind];
    return new vscode.FileDecoration(badge, tooltip, new vscode.ThemeColor('charts.blue'));
  }
}
