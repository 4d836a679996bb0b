// "Import Deployed Tests…" for endpoint tests: one bound endpoint test document per scheduled
// or dynamic test, so what exists can be managed as code. Labels are written by name when the
// name is the label's alone (a plan resolves it back to the same id), agents by id with their
// name in a comment. The text depends only on the test and the names, so a second import
// writes the same bytes; tests a document is already bound to are left out.
import type { EndpointAgent, EndpointLabel, ManagedEndpointTest } from '../../api/types';
import { setBinding } from '../binding';
import type { ImportedDocument, ImportPlan, ImportTarget } from '../import';
import { commentLine, slug } from '../text';
import { TARGET_FIELDS, WRITE_ONLY_FIELDS } from './fields';
import { agentNames } from './payload';

export const ENDPOINT_TEST_SUFFIX = '.netmon-endpoint-test.json';

export function planEndpointImport(
  tests: readonly ManagedEndpointTest[],
  directory: { labels: readonly EndpointLabel[]; agents: readonly EndpointAgent[] },
  target: ImportTarget,
  alreadyBound: ReadonlySet<number>,
): ImportPlan {
  const plan: ImportPlan = { write: [], skipped: [] };
  for (const test of [...tests].sort((a, b) => a.testId - b.testId)) {
    if (alreadyBound.has(test.testId))
      plan.skipped.push({
        testId: test.testId,
        testName: test.testName,
        reason: 'a document of this workspace is bound to it',
      });
    else plan.write.push(importedEndpointDocument(test, directory, target));
  }
  return plan;
}

export function importedEndpointDocument(
  test: ManagedEndpointTest,
  directory: { labels: readonly EndpointLabel[]; agents: readonly EndpointAgent[] },
  target: ImportTarget,
): ImportedDocument {
  const entries: string[][] = [
    [`  "type": ${JSON.stringify(test.type)}`],
    [`  "testName": ${JSON.stringify(test.testName)}`],
    [`  "interval": ${JSON.stringify(test.interval)}`],
    ...selectionLines(test, directory),
    ...TARGET_FIELDS[test.type]
      .filter((field) => !WRITE_ONLY_FIELDS.has(field) && test.fields[field] !== undefined)
      .map((field) => [`  ${JSON.stringify(field)}: ${JSON.stringify(test.fields[field])}`]),
  ];
  const body = entries.map((lines, index) => withComma(lines, index < entries.length - 1)).flat();
  const lines = [
    `// Imported from endpoint test ${test.testId} as deployed; edit it here and Update.`,
    '{',
    ...body,
    '}',
    '',
  ];
  const text = setBinding(lines.join('\n'), target.serviceKey, target.aidKey, test.testId);
  return {
    testId: test.testId,
    fileName: `${slug(test.testName, 'endpoint-test')}-${test.testId}${ENDPOINT_TEST_SUFFIX}`,
    text,
  };
}

/** A comma after an entry's last line (no entry ends in a comment: the agents' names sit inside their array). */
function withComma(lines: string[], comma: boolean): string[] {
  return comma ? [...lines.slice(0, -1), `${lines.at(-1) ?? ''},`] : lines;
}

function selectionLines(
  test: ManagedEndpointTest,
  directory: { labels: readonly EndpointLabel[]; agents: readonly EndpointAgent[] },
): string[][] {
  const { agentSelector: selector } = test;
  const entries: string[][] = [];
  if (selector.agentSelectorType === 'agent-labels') {
    const names = (selector.endpointAgentLabels ?? []).map((id) => {
      const label = directory.labels.find((l) => l.id === id);
      const unique = label && directory.labels.filter((l) => l.name === label.name || l.id === label.name).length === 1;
      return unique ? label.name : id;
    });
    entries.push([`  "agentLabels": ${JSON.stringify(names)}`]);
  }
  if (selector.agentSelectorType === 'specific-agents') {
    const ids = selector.agents ?? [];
    entries.push([
      '  "agents": [',
      ...ids.map((id, index) => {
        const agent = directory.agents.find((a) => a.agentId === id);
        const name = agent ? agentNames(agent).find((n) => typeof n === 'string' && n !== '') : undefined;
        return `    ${JSON.stringify(id)}${index < ids.length - 1 ? ',' : ''}${name ? ` // ${commentLine(name)}` : ''}`;
      }),
      '  ]',
    ]);
  }
  if (selector.maxMachines !== undefined) entries.push([`  "maxMachines": ${JSON.stringify(selector.maxMachines)}`]);
  return entries;
}
