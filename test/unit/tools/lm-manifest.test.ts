// package.json's contributes.languageModelTools is what VS Code shows a model before our code
// runs: each tool's name, description and input schema must be the catalogue's own, or a model
// would call a tool with arguments the catalogue then refuses.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { TOOLS } from '../../../src/tools/catalogue';

interface ContributedTool {
  name: string;
  toolReferenceName: string;
  displayName: string;
  modelDescription: string;
  canBeReferencedInPrompt: boolean;
  inputSchema: unknown;
}

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  contributes: { languageModelTools: ContributedTool[] };
  activationEvents?: string[];
};
const contributed = manifest.contributes.languageModelTools;

describe('package.json languageModelTools', () => {
  it("contributes every catalogue tool, in the catalogue's order, and no other", () => {
    assert.deepEqual(
      contributed.map((tool) => tool.name),
      TOOLS.map((tool) => tool.name),
    );
  });

  it("gives each tool the catalogue's input schema and description", () => {
    for (const tool of TOOLS) {
      const entry = contributed.find((c) => c.name === tool.name);
      assert.deepEqual(entry?.inputSchema, tool.inputSchema, `${tool.name}: inputSchema differs from src/tools`);
      assert.equal(entry?.modelDescription, tool.description, `${tool.name}: modelDescription differs from src/tools`);
      assert.equal(entry?.displayName, `Netmon: ${tool.title}`);
    }
  });

  it('lets each tool be referenced in a prompt by a unique #netmon… name', () => {
    const references = contributed.map((tool) => tool.toolReferenceName);
    assert.equal(new Set(references).size, references.length);
    for (const tool of contributed) {
      assert.match(tool.toolReferenceName, /^netmon[A-Z][A-Za-z]+$/);
      assert.equal(tool.canBeReferencedInPrompt, true);
    }
    assert.equal(
      contributed.find((tool) => tool.name === 'find_worst_sessions')?.toolReferenceName,
      'netmonWorstSessions',
    );
  });
});
