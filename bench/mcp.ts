// The AI tools on the `large` preset (10,000 agents, ~500 sessions a round): each tool's p50
// latency as an MCP client calls it, and its answer size (text + JSON) against the raw API
// JSON the same question needs (every response body the tool read, counted by a loopback
// proxy in front of the emulator): the baseline an agent calling the API itself would read.
// Noisy: the machine is shared; times are wall-clock.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNetmonClient } from '../src/api';
import { DEMO_CREDENTIALS, startEmulator } from '../src/emulator';
import { callTool } from '../src/tools/catalogue';
import type { ToolContext } from '../src/tools/types';
import { median } from './_timing';

const RUNS = 3;

/** A proxy that counts the response bytes passing through it. */
function countingProxy(target: string): Promise<{ url: string; bytes(): number; reset(): void; server: Server }> {
  let bytes = 0;
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const out = request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        reply.pipe(res);
      },
    );
    req.pipe(out);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        bytes: () => bytes,
        reset: () => {
          bytes = 0;
        },
        server,
      }),
    ),
  );
}

async function main(): Promise<void> {
  const emulator = await startEmulator({ port: 0, preset: 'large' });
  const proxy = await countingProxy(emulator.url);
  const contextOf = (): ToolContext => {
    const fresh = createNetmonClient({
      apiVersion: 'v6',
      baseUrl: proxy.url,
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
      aid: '1001',
    });
    return {
      account: {
        client: fresh,
        serviceKey: 'demo',
        aidKey: '1001',
        requestAid: undefined,
        label: 'the emulator (large)',
        close: () => fresh.close(),
      },
      cwd: process.cwd(),
      allowWrites: false,
      now: () => Date.now(),
    };
  };
  // Timed as a running server answers (its agent directory read once); sizes from a cold client, so every read the question needs is counted.
  const ctx = contextOf();
  const client = ctx.account.client;
  try {
    const worst = await callTool('find_worst_sessions', { window: '1h', limit: 2 }, ctx);
    const [first, second] = worst.data['sessions'] as { userSessionId: string; agentId: string }[];
    if (!first || !second) throw new Error(`no sessions: ${worst.text}`);
    const explained = await callTool('explain_session', { userSessionId: first.userSessionId }, ctx);
    const testId = (explained.data['pathTests'] as { testId: number }[])[0]?.testId ?? 100101;
    const calls: [string, Record<string, unknown>][] = [
      ['find_agent', { name: 'mbp' }],
      ['find_worst_sessions', { window: '1h' }],
      ['explain_session', { userSessionId: first.userSessionId }],
      ['compare_sessions', { first: first.userSessionId, second: second.userSessionId }],
      ['agent_timeline', { agent: first.agentId, window: '6h' }],
      ['localize_path', { testId }],
      ['diff_path', { testId, window: '6h' }],
    ];
    const p50s: number[] = [];
    const ratios: number[] = [];
    for (const [name, args] of calls) {
      const times: number[] = [];
      const cold = contextOf();
      proxy.reset();
      const counted = await callTool(name, args, cold);
      const raw = proxy.bytes();
      await cold.account.close();
      if (counted.isError) throw new Error(`${name}: ${counted.text}`);
      const answer = counted.text.length + JSON.stringify(counted.data).length;
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        await callTool(name, args, ctx);
        times.push(performance.now() - started);
      }
      const p50 = median(times);
      p50s.push(p50);
      ratios.push(answer / Math.max(1, raw));
      console.log(
        `${name.padEnd(20)} p50 ${p50.toFixed(0).padStart(6)} ms   answer ${String(answer).padStart(7)} chars   raw API JSON ${String(raw).padStart(10)} bytes   ratio ${(answer / Math.max(1, raw)).toFixed(4)}`,
      );
    }
    // Medians over the tools; the worst tool of each beside them.
    console.log(
      `BENCH mcp p50_ms=${median(p50s).toFixed(0)} size_ratio=${median(ratios).toFixed(4)} max_p50_ms=${Math.max(...p50s).toFixed(0)} max_size_ratio=${Math.max(...ratios).toFixed(4)}`,
    );
  } finally {
    await client.close();
    proxy.server.close();
    await emulator.close();
  }
}

void main();
