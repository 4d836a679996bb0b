// Monitoring as code at scale. plan500: computePlan for 500 test documents against 500
// deployed tests (450 unchanged, 25 to update, 25 to create; median of 5), against the
// baseline of only parsing the 500 documents (the least any plan must do). apply100:
// `netmon apply --yes` (the CLI's own code, in process) creating 100 tests under the
// emulator's rate limit, against a naive script (one POST after another, 1 s pause on 429).
// Reports 429s seen and the fraction of the rate budget used (successful requests over
// limit × the rate windows the run spanned). Noisy: the machine is shared; wall-clock times.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { runApply } from '../src/cli/apply';
import { computePlan, parseDocument, testCreateRequest, type DeployedTest, type PlanDocument } from '../src/documents';
import { DEMO_CREDENTIALS, startEmulator } from '../src/emulator';

const LIMIT = 30;
const WINDOW_SECONDS = 2;
const CREATES = 100;
const TOKEN = DEMO_CREDENTIALS.admin.token;
const AGENTS = [1000, 1037, 1074];

function documentFields(index: number): Record<string, unknown> {
  return {
    type: 'http-server',
    testName: `bench ${index}`,
    interval: 300,
    agents: [{ agentId: AGENTS[index % AGENTS.length] }],
    url: `https://s${index}.example.com/health`,
  };
}

function documentText(index: number, binding?: number): string {
  const fields =
    binding === undefined
      ? documentFields(index)
      : { ...documentFields(index), deployments: { 'https://api.example.com': { default: binding } } };
  return `// bench document ${index}\n${JSON.stringify(fields, null, 2)}\n`;
}

function planInput(): { documents: PlanDocument[]; deployed: DeployedTest[] } {
  const documents: PlanDocument[] = [];
  const deployed: DeployedTest[] = [];
  for (let i = 0; i < 500; i++) {
    const bound = i < 475;
    documents.push({
      uri: `file:///bench/t${i}.netmon-test.json`,
      text: documentText(i, bound ? 10_000 + i : undefined),
    });
    if (!bound) continue;
    const fields = documentFields(i);
    deployed.push({
      testId: 10_000 + i,
      testName: String(fields['testName']),
      type: 'http-server',
      interval: i < 450 ? 300 : 600,
      agents: fields['agents'] as DeployedTest['agents'],
      url: String(fields['url']),
    });
  }
  return { documents, deployed };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function timePlan(): { ours: number; baseline: number; changes: number } {
  const { documents, deployed } = planInput();
  const ours: number[] = [];
  const baseline: number[] = [];
  let changes = 0;
  for (let run = 0; run < 5; run++) {
    let started = performance.now();
    const plan = computePlan({ documents, deployed, connectionKey: 'https://api.example.com' });
    ours.push(performance.now() - started);
    changes = plan.steps.length;
    started = performance.now();
    for (const document of documents) parseDocument(document.text);
    baseline.push(performance.now() - started);
  }
  return { ours: median(ours), baseline: median(baseline), changes };
}

interface ApplyRun {
  seconds: number;
  rateLimited: number;
  budget: number;
}

async function withRateLimitedEmulator(run: (url: string) => Promise<void>): Promise<ApplyRun> {
  const emulator = await startEmulator({
    port: 0,
    control: true,
    rateLimit: { limit: LIMIT, windowSeconds: WINDOW_SECONDS },
  });
  try {
    const windowMs = WINDOW_SECONDS * 1000;
    await new Promise((resolve) => setTimeout(resolve, windowMs - (Date.now() % windowMs) + 20));
    const started = Date.now();
    await run(emulator.url);
    const ended = Date.now();
    const log = (await (await request(`${emulator.url}/_emulator/requests`)).body.json()) as {
      requests: { status: number }[];
    };
    const windows = Math.floor(ended / windowMs) - Math.floor(started / windowMs) + 1;
    const succeeded = log.requests.filter((r) => r.status >= 200 && r.status < 300).length;
    return {
      seconds: (ended - started) / 1000,
      rateLimited: log.requests.filter((r) => r.status === 429).length,
      budget: succeeded / (LIMIT * windows),
    };
  } finally {
    await emulator.close();
  }
}

async function oursApply(url: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'netmon-bench-plan-'));
  try {
    mkdirSync(join(dir, 'tests'));
    for (let i = 0; i < CREATES; i++) writeFileSync(join(dir, 'tests', `t${i}.netmon-test.json`), documentText(i));
    const errors: string[] = [];
    const code = await runApply(['tests', '--yes', '--base-url', url], {
      stdout: () => undefined,
      stderr: (line) => errors.push(line),
      cwd: dir,
      env: { NETMON_TOKEN: TOKEN },
    });
    if (code !== 0) throw new Error(`netmon apply exited ${code}: ${errors.slice(-3).join(' | ')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function naiveApply(url: string): Promise<void> {
  for (let i = 0; i < CREATES; i++) {
    const { body } = testCreateRequest(documentFields(i));
    for (;;) {
      const response = await request(`${url}/v7/tests/http-server`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await response.body.text();
      if (response.statusCode === 429) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        continue;
      }
      if (response.statusCode !== 201) throw new Error(`naive apply: HTTP ${response.statusCode}`);
      break;
    }
  }
}

function describe(name: string, run: ApplyRun): string {
  return `${name.padEnd(8)} ${run.seconds.toFixed(2)} s  429s=${run.rateLimited}  budget=${run.budget.toFixed(3)}`;
}

async function main(): Promise<void> {
  const plan = timePlan();
  console.log(
    `plan: 500 documents against 500 deployed tests, ${plan.changes} changes: ${plan.ours.toFixed(1)} ms (parsing alone ${plan.baseline.toFixed(1)} ms; medians of 5)`,
  );
  console.log(
    `apply: ${CREATES} creates under a rate limit of ${LIMIT} per ${WINDOW_SECONDS} s (noisy: shared machine)`,
  );
  const ours = await withRateLimitedEmulator(oursApply);
  console.log(describe('ours', ours));
  const naive = await withRateLimitedEmulator(naiveApply);
  console.log(describe('baseline', naive));
  console.log(
    `BENCH plan plan500=${plan.ours.toFixed(1)} parse500=${plan.baseline.toFixed(1)} apply100=${ours.seconds.toFixed(2)} baseline_apply100=${naive.seconds.toFixed(2)} ratio=${(naive.seconds / ours.seconds).toFixed(2)} budget=${ours.budget.toFixed(3)} ours429=${ours.rateLimited}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
