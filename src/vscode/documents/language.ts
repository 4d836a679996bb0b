// Completion of live values (agents with name and location, networks, account groups,
// locations, SSIDs, filter value sets) and hovers saying what an id refers to.
import * as vscode from 'vscode';
import type { CompletionItem, LiveCatalog } from '../../documents';
import { documentKindOf } from '../../documents/kinds';
import { documentsLibrary as lib } from './library';
import type { CatalogCache } from './catalog';
import { toVsRange } from './diagnostics';

const SELECTOR: vscode.DocumentSelector = [
  { pattern: '**/*.netmon-test.json' },
  { pattern: '**/*.netmon-instant.json' },
  { pattern: '**/*.netmon-filter.json' },
];

const ITEM_KINDS: Readonly<Record<CompletionItem['kind'], vscode.CompletionItemKind>> = {
  agent: vscode.CompletionItemKind.Reference,
  network: vscode.CompletionItemKind.Reference,
  'account-group': vscode.CompletionItemKind.Module,
  location: vscode.CompletionItemKind.Value,
  ssid: vscode.CompletionItemKind.Value,
  value: vscode.CompletionItemKind.EnumMember,
};

/** A filter on locations or SSIDs: their values come from a sample read on demand. */
const PLACE_KEY = /"key"\s*:\s*"(location|ssid)"/;

export function registerLanguageFeatures(catalog: CatalogCache): vscode.Disposable {
  const currentCatalog = (): LiveCatalog => {
    catalog.request();
    return catalog.current?.completion ?? {};
  };
  return vscode.Disposable.from(
    vscode.languages.registerCompletionItemProvider(
      SELECTOR,
      {
        async provideCompletionItems(document, position) {
          const kind = documentKindOf(document.uri.path);
          if (!kind) return [];
          // The first completion of a session waits for the live lists (a diagnostics pass usually started them).
          const awaited = await catalog.ready();
          if (kind === 'filter' && PLACE_KEY.test(document.getText())) await catalog.ensurePlaces();
          // A reload that began since (a watched file changed) must not leave this completion empty.
          const live = catalog.current?.completion ?? awaited?.completion ?? currentCatalog();
          return lib().completionsAt(kind, document.getText(), document.offsetAt(position), live).map(toVsItem);
        },
      },
      '"',
      ':',
      '[',
      ',',
    ),
    vscode.languages.registerHoverProvider(SELECTOR, {
      provideHover(document, position) {
        const kind = documentKindOf(document.uri.path);
        const hover = kind && lib().hoverAt(kind, document.getText(), document.offsetAt(position), currentCatalog());
        return hover
          ? new vscode.Hover(new vscode.MarkdownString().appendText(hover.contents), toVsRange(hover.range))
          : undefined;
      },
    }),
  );
}

export function toVsItem(item: CompletionItem): vscode.CompletionItem {
  const result = new vscode.CompletionItem({ label: item.label, description: item.detail }, ITEM_KINDS[item.kind]);
  result.detail = item.detail;
  result.insertText = item.insertText;
  result.range = toVsRange(item.range);
  // Quoted ids are filtered by what the user typed inside the quotes too.
  result.filterText = `${item.insertText} ${item.label} ${item.detail ?? ''}`;
  result.sortText = item.order === undefined ? `0-${item.label}` : `0-${String(item.order).padStart(4, '0')}`;
  return result;
}
