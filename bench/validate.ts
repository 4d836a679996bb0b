// Validation speed: one test document with 1,000 agent entries (full pipeline: JSONC parse,
// schema with position mapping, semantic rules, live rules against a 1,000-agent catalog)
// and a folder of 500 documents through `netmon validate`. Baselines in the same run:
// "naive" = JSON.parse (jsonc parse for the folder) + ajv without position mapping or rules; "parseTree" = jsonc-parser's
// parseTree alone. The machine is shared, so absolute numbers are noisy; ratios less so.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv';
import { parse, parseTree } from 'jsonc-parser';
import { runValidate } from '../src/cli/validate';
import { DOCUMENT_SCHEMAS, documentKindOf, validateDocument, type LiveCatalog } from '../src/documents';

const AGENTS = 1000;
const FOLDER_SIZE = 500;

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function measure(runs: number, body: () => unknown): Promise<number> {
  for (let i = 0; i < 3; i++) await body();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await body();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

function bigTestDocument(): string {
  const agents = Array.from({ length: AGENTS }, (_, i) => `    { "agentId": ${1000 + i} }, // agent ${i}`);
  return [
    '{',
    '  // 1,000 agents',
    '  "type": "agent-to-server",',
    '  "testName": "Big",',
    '  "interval": 300,',
    '  "agents": [',
    ...agents,
    '  ],',
    '  "server": "a.example:443",',
    '}',
  ].join('\n');
}

const FOLDER_TEMPLATES: ((i: number) => [string, string])[] = [
  (i) => [
    `t${i}.netmon-test.json`,
    `{\n  // test ${i}\n  "type": "http-server",\n  "testName": "Test ${i}",\n  "interval": 300,\n  "agents": [{ "agentId": 1001 }, { "agentId": 1002 }],\n  "url": "https://s${i}.example/",\n  "deployments": { "demo": { "default": ${i + 1} } },\n}\n`,
  ],
  (i) => [
    `i${i}.netmon-instant.json`,
    `{\n  "type": "agent-to-server",\n  "testName": "Instant ${i}",\n  "serverName": "10.0.${i % 250}.1",\n  "maxMachines": 10\n}\n`,
  ],
  (i) => [
    `f${i}.netmon-filter.json`,
    `{\n  "target": "user-sessions",\n  "searchFilters": [{ "key": "connection", "values": ["Wireless"] }, { "key": "gateway", "values": ["192.168.${i % 250}.1"] }],\n  "window": "1d"\n}\n`,
  ],
];

function writeFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'netmon-bench-'));
  for (let i = 0; i < FOLDER_SIZE; i++) {
    const template = FOLDER_TEMPLATES[i % FOLDER_TEMPLATES.length];
    if (!template) continue;
    const [name, text] = template(i);
    writeFileSync(join(folder, name), text);
  }
  return folder;
}

async function main(): Promise<void> {
  const text = bigTestDocument();
  const catalog: LiveCatalog = {
    enterpriseAgents: Array.from({ length: AGENTS }, (_, i) => ({
      agentId: String(1000 + i),
      name: `agent-${i}`,
      location: 'Somewhere',
    })),
  };
  const strictJson = text.replace(/ \/\/.*$/gm, '').replace(/,(\s*[\]}])/g, '$1');
  const naiveAjv = new Ajv({ allErrors: true, strict: false });
  const naive = {
    test: naiveAjv.compile(DOCUMENT_SCHEMAS.test),
    instant: naiveAjv.compile(DOCUMENT_SCHEMAS.instant),
    filter: naiveAjv.compile(DOCUMENT_SCHEMAS.filter),
    'endpoint-test': naiveAjv.compile(DOCUMENT_SCHEMAS['endpoint-test']),
  };

  const checked = validateDocument('test', text, { catalog });
  if (checked.diagnostics.length !== 0)
    throw new Error(`bench document is not clean: ${checked.diagnostics[0]?.message}`);
  const singleMs = await measure(60, () => validateDocument('test', text, { catalog }));
  const naiveMs = await measure(40, () => naive.test(JSON.parse(strictJson)));
  const treeMs = await measure(40, () => parseTree(text, [], { allowTrailingComma: true }));

  const folder = writeFolder();
  try {
    const silent = { stdout: () => undefined, stderr: () => undefined, cwd: folder };
    if ((await runValidate(['.'], silent)) !== 0) throw new Error('bench folder is not clean');
    const folderMs = await measure(7, () => runValidate(['.'], silent));
    const naiveFolderMs = await measure(7, () => {
      for (const name of readdirSync(folder)) {
        const kind = documentKindOf(name);
        if (kind) naive[kind](parse(readFileSync(join(folder, name), 'utf8')));
      }
    });
    console.log(
      `single document (${AGENTS} agents, live catalog of ${AGENTS}): full ${singleMs.toFixed(2)} ms; naive JSON.parse+ajv ${naiveMs.toFixed(2)} ms (x${(singleMs / naiveMs).toFixed(1)}); jsonc parseTree alone ${treeMs.toFixed(2)} ms (x${(singleMs / treeMs).toFixed(1)})`,
    );
    console.log(
      `folder of ${FOLDER_SIZE} documents via netmon validate (glob, read, all rules, workspace rule): ${folderMs.toFixed(1)} ms; naive readdir+read+jsonc parse+ajv ${naiveFolderMs.toFixed(1)} ms (x${(folderMs / naiveFolderMs).toFixed(1)})`,
    );
    console.log(
      `target single document < 20 ms: ${singleMs < 20 ? 'met' : 'MISSED'} (shared 2-core machine; numbers are noisy)`,
    );
    console.log(`BENCH validate ms=${singleMs.toFixed(2)} folderMs=${folderMs.toFixed(1)}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

void main();
