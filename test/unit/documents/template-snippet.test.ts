// A new document opens with its test name and target as tab stops; the snippet, expanded
// with its defaults, is exactly the file written (valid, saved), whatever the agent names hold.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newDocumentText, templateSnippet, TEMPLATES } from '../../../src/documents';

/** The snippet as VS Code expands it untouched: placeholders become their defaults, escapes their characters. */
function expand(snippet: string): { text: string; stops: string[] } {
  const stops: string[] = [];
  let text = '';
  for (let i = 0; i < snippet.length; i++) {
    const c = snippet[i];
    if (c === '\\') {
      text += snippet[++i];
      continue;
    }
    const stop = /^\$\{(\d+):((?:\\.|[^\\}])*)\}/.exec(snippet.slice(i));
    if (stop) {
      const value = (stop[2] ?? '').replace(/\\(.)/g, '$1');
      stops[Number(stop[1]) - 1] = value;
      text += value;
      i += stop[0].length - 1;
      continue;
    }
    if (snippet.startsWith('$0', i)) {
      i++;
      continue;
    }
    assert.notEqual(c, '$', `an unescaped $ at ${i}: ${snippet.slice(i, i + 20)}`);
    text += c;
  }
  return { text, stops };
}

const hostileAgents = [
  { agentId: 1074, name: 'Tokyo ${1:x} $0 }' },
  { agentId: '1000', name: 'Seattle \\ "x"' },
];

test('http-server: the test name then the URL are the tab stops, and the expanded snippet is the written file', () => {
  const text = newDocumentText('http-server', { agents: hostileAgents });
  const { text: expanded, stops } = expand(templateSnippet(text));
  assert.equal(expanded, text);
  assert.deepEqual(stops, ['New http server test', 'https://www.example.com/']);
});

test('every kind: the expanded snippet is the written file; the name comes first, the target second where there is one', () => {
  for (const template of TEMPLATES) {
    const text = newDocumentText(template.id, { agents: hostileAgents });
    const { text: expanded, stops } = expand(templateSnippet(text));
    assert.equal(expanded, text, template.id);
    if (template.kind === 'filter') {
      assert.deepEqual(stops, [], template.id);
      continue;
    }
    assert.match(stops[0] ?? '', /\w/, `${template.id}: the name is the first stop`);
    // Agent-to-agent and voice aim at another agent, chosen by id: no text to type over.
    if (template.id !== 'agent-to-agent' && template.id !== 'voice')
      assert.match(stops[1] ?? '', /example\.com|^192\.0\.2\.0\/24$/, `${template.id}: the target is the second stop`);
  }
});
