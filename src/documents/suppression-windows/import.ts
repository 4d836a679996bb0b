// One suppression window document per deployed window (`netmon import --windows`): the window's
// fields as the service shows them, its windowId (so a plan finds it again), and its tests by name
// where exactly one deployed test has that name (else by id). The text depends only on the window
// and the tests' names, so importing again writes the same bytes.
import type { SuppressionWindow } from '../../api/types/alerts';
import { testReference } from '../alert-rules/import';
import type { DeployedTestName } from '../alert-rules/resolve';
import { slug } from '../text';
import { parseSuppressionWindow, SUPPRESSION_WINDOW_SUFFIX } from './parse';
import { WINDOW_DOCUMENT_FIELDS } from './plan';

export type WindowImport =
  { windowId: string; fileName: string; text: string } | { windowId: string; name: string; problem: string };

export function importedWindowDocument(window: SuppressionWindow, tests: readonly DeployedTestName[]): WindowImport {
  const record = window as unknown as Record<string, unknown>;
  const document: Record<string, unknown> = {
    $schema: 'https://netmon.dev/schemas/netmon-alert-suppression-window.schema.json',
    windowId: window.windowId,
  };
  for (const field of WINDOW_DOCUMENT_FIELDS) if (record[field] !== undefined) document[field] = record[field];
  document['tests'] = [...new Set(window.testIds ?? [])]
    .sort((a, b) => Number(a) - Number(b))
    .map((testId) => testReference(testId, tests));
  const text = `${JSON.stringify(document, null, 2)}\n`;
  const parsed = parseSuppressionWindow(text);
  if (!parsed.ok) {
    const problem = parsed.problems[0]?.message ?? 'not a valid suppression window document';
    return { windowId: window.windowId, name: window.name, problem };
  }
  const fileName = `${slug(window.name, 'window')}-${window.windowId}${SUPPRESSION_WINDOW_SUFFIX}`;
  return { windowId: window.windowId, fileName, text };
}
