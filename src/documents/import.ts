// "Import Deployed Tests…": one bound test document per deployed enterprise test, so a team
// can start managing what already exists as code. The text depends only on the test, so a
// second import writes the same bytes; tests some document is already bound to are left out.
import { commentLine, slug } from './text';
import type { AgentRef } from '../api/types';
import { setBinding } from './binding';
import type { DeployedTest } from './plan';
import { documentTestType } from './rules/test-rules';
import { documentFieldsOf, importedValue } from './vendor-fields';

export interface ImportTarget {
  serviceKey: string;
  aidKey: string;
}

export interface ImportedDocument {
  testId: number;
  fileName: string;
  text: string;
}

export interface ImportPlan {
  write: ImportedDocument[];
  /** Deployed tests not written, and why. */
  skipped: { testId: number; testName: string; reason: string }[];
}

type NamedAgent = AgentRef & { agentName?: unknown };

export function planImport(
  tests: readonly DeployedTest[],
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
    else if (!documentTestType(test.type))
      plan.skipped.push({
        testId: test.testId,
        testName: test.testName,
        reason: `type ${test.type} has no test document`,
      });
    else plan.write.push(importedDocument(test, target));
  }
  return plan;
}

/** The document of a deployed test: its name, schedule and agents, then every field of its type it shows. */
export function importedDocument(test: DeployedTest, target: ImportTarget): ImportedDocument {
  const type = documentTestType(test.type);
  const agents = ((test.agents as readonly NamedAgent[] | undefined) ?? []).map((agent, index, all) => {
    const name =
      typeof agent.agentName === 'string' && agent.agentName !== '' ? ` // ${commentLine(agent.agentName)}` : '';
    return `    { "agentId": ${JSON.stringify(agentId(agent.agentId))} }${index < all.length - 1 ? ',' : ''}${name}`;
  });
  const fields = (type ? documentFieldsOf(type) : []).flatMap((field) => {
    // Write-only for the vendor: which rules watch a test is imported with the rules (their tests).
    const value = field === 'alertRules' ? undefined : importedValue(field, test);
    return value === undefined ? [] : [`${JSON.stringify(field)}: ${JSON.stringify(value)}`];
  });
  // BGP tests run from monitors: no interval, no agents.
  const schedule =
    type === 'bgp'
      ? []
      : [`"interval": ${JSON.stringify(test.interval)}`, ['"agents": [', ...agents, '  ]'].join('\n')];
  // A secret the type requires is never shown back: the document keeps its place, empty.
  const secrets =
    type === 'ftp-server'
      ? ['// The service never shows the password back: fill it in before a replace.\n  "password": ""']
      : [];
  const members = [
    `"type": ${JSON.stringify(test.type)}`,
    `"testName": ${JSON.stringify(test.testName)}`,
    ...schedule,
    ...fields,
    ...secrets,
  ];
  const lines = [
    `// Imported from test ${test.testId} as deployed; edit it here and Update (or netmon apply).`,
    '{',
    ...members.map((member, index) => `  ${member}${index < members.length - 1 ? ',' : ''}`),
    '}',
    '',
  ];
  const text = setBinding(lines.join('\n'), target.serviceKey, target.aidKey, test.testId);
  return { testId: test.testId, fileName: `${slug(test.testName, 'test')}-${test.testId}.netmon-test.json`, text };
}

function agentId(value: unknown): number | string {
  return typeof value === 'string' && /^[0-9]+$/.test(value) ? Number(value) : (value as number | string);
}
