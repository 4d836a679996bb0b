// v7 results of deployed enterprise tests (`/test-results/{testId}/…`) validate against the
// vendor's OpenAPI schemas (test/fixtures/openapi): every kind each type has, the path-vis,
// page-load and web-transactions details (a round's pages, each page's HAR), cursor pages, and the 404 of a kind the test's type does not have.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { resultKindsOf } from '../../../src/api/types';
import type { RunningEmulator } from '../../../src/emulator/index';
import { withEmulator } from './helpers';
import { NOW_MS, conforming, recordsOf } from './openapi';

const RESULTS = '/test-results/{testId}';
const HOUR_MS = 3_600_000;

describe('emulator v7: results of deployed enterprise tests match the OpenAPI schemas', () => {
  let emulator: RunningEmulator;
  let clock = NOW_MS - 3 * HOUR_MS;
  const created: { testId: string; type: string }[] = [];
  before(async () => {
    emulator = await withEmulator({ api: 'v7', now: () => clock, pageSize: 10 });
    const agents = recordsOf(await conforming(emulator, '/agents', '/v7/agents'), 'agents')
      .slice(0, 4)
      .map((a) => ({ agentId: String(a.agentId) }));
    const bodies: Record<string, Record<string, unknown>> = {
      'agent-to-server': { server: 'outlook.office365.com', port: 443, protocol: 'tcp' },
      'agent-to-agent': { targetAgentId: agents[3]?.agentId, direction: 'bidirectional', protocol: 'tcp' },
      'dns-server': { domain: 'example.com', dnsServers: ['8.8.8.8'] },
      'dns-trace': { domain: 'example.com' },
      dnssec: { domain: 'example.com' },
      'http-server': { url: 'https://github.com/health' },
      'page-load': { url: 'https://www.office.com/' },
      'web-transactions': { url: 'https://acme.atlassian.net/', transactionScript: 'await driver.get(url);' },
    };
    for (const [type, target] of Object.entries(bodies)) {
      const reply = await conforming(
        emulator,
        `/tests/${type}`,
        `/v7/tests/${type}`,
        { json: { testName: `results ${type}`, interval: 300, agents, ...target } },
        201,
      );
      created.push({ testId: String(reply.json.testId), type });
    }
    clock = NOW_MS;
  });
  after(() => emulator.close());

  it("answers every result kind of every type, page by page, in the spec's shapes", async () => {
    let kinds = 0;
    for (const { testId, type } of created) {
      for (const kind of resultKindsOf(type)) {
        let path: string | undefined = `/v7/test-results/${testId}/${kind}?window=6h`;
        let records = 0;
        for (let pages = 0; path && pages < 20; pages++) {
          const reply = await conforming(emulator, `${RESULTS}/${kind}`, path);
          records += recordsOf(reply).length;
          assert.equal((reply.json.test as { testId: string }).testId, testId);
          const next = (reply.json._links as { next?: { href: string } }).next?.href;
          path = next === undefined ? undefined : next.slice(emulator.url.length);
        }
        assert.equal(path, undefined, 'the cursor walk ends');
        assert.equal(
          records,
          4 * 36,
          `${type} ${kind}: 4 agents × the 36 rounds from its creation (13:00) to now (16:00)`,
        );
        kinds++;
      }
    }
    assert.equal(
      kinds,
      19,
      "network and path-vis of the six types with a network layer (a DNS server test's among them), and each type's own",
    );
  });

  it("answers the path-vis and page-load details of one agent's round; a kind the type lacks is 404", async () => {
    const pageLoad = created.find((t) => t.type === 'page-load');
    const list = recordsOf(
      await conforming(emulator, `${RESULTS}/path-vis`, `/v7/test-results/${pageLoad?.testId}/path-vis?window=10m`),
    );
    const first = list[0] as { agent: { agentId: string }; roundId: number };
    const trace = await conforming(
      emulator,
      `${RESULTS}/path-vis/agent/{agentId}/round/{roundId}`,
      `/v7/test-results/${pageLoad?.testId}/path-vis/agent/${first.agent.agentId}/round/${first.roundId}`,
    );
    const hops = (recordsOf(trace)[0]?.pathTraces as { hops: unknown[] }[])[0]?.hops ?? [];
    assert.ok(hops.length >= 4);
    const page = await conforming(
      emulator,
      `${RESULTS}/page-load/agent/{agentId}/round/{roundId}`,
      `/v7/test-results/${pageLoad?.testId}/page-load/agent/${first.agent.agentId}/round/${first.roundId}`,
    );
    assert.ok((recordsOf(page)[0]?.har as { log: { entries: unknown[] } }).log.entries.length > 1);
    const dns = created.find((t) => t.type === 'dns-trace');
    await conforming(emulator, `${RESULTS}/network`, `/v7/test-results/${dns?.testId}/network`, {}, 404);
    await conforming(
      emulator,
      `${RESULTS}/path-vis/agent/{agentId}/round/{roundId}`,
      `/v7/test-results/${pageLoad?.testId}/path-vis/agent/${first.agent.agentId}/round/${first.roundId + 1}`,
      {},
      404,
    );
  });

  it("answers a web transaction's round with its pages, whose durations add up to the listed transaction time, and each page with its HAR", async () => {
    const tx = created.find((t) => t.type === 'web-transactions');
    const WT = `${RESULTS}/web-transactions/agent/{agentId}/round/{roundId}`;
    const listed = recordsOf(
      await conforming(
        emulator,
        `${RESULTS}/web-transactions`,
        `/v7/test-results/${tx?.testId}/web-transactions?window=10m`,
      ),
    );
    const ok = listed.find((r) => r.errorType === 'None') as {
      agent: { agentId: string };
      roundId: number;
      transactionTime: number;
    };
    assert.ok(ok, 'a round that completed');
    const round = `/v7/test-results/${tx?.testId}/web-transactions/agent/${ok.agent.agentId}/round/${ok.roundId}`;
    const detail = recordsOf(await conforming(emulator, WT, round))[0] as {
      transactionTime: number;
      pages: { pageNum: number; pageName: string; duration: number }[];
    };
    assert.equal(detail.transactionTime, ok.transactionTime, "the round's detail says what the list said");
    assert.deepEqual(
      detail.pages.map((p) => [p.pageNum, p.pageName]),
      [
        [0, 'Home · acme.atlassian.net'],
        [1, 'Sign in · acme.atlassian.net'],
        [2, 'Dashboard · acme.atlassian.net'],
      ],
    );
    assert.equal(
      detail.pages.reduce((sum, p) => sum + p.duration, 0),
      ok.transactionTime,
    );
    const page = recordsOf(await conforming(emulator, `${WT}/page/{pageId}`, `${round}/page/1`))[0] as {
      pages: unknown[];
      har: {
        log: { pages: { title: string; pageTimings: { onLoad: number } }[]; entries: { request: { url: string } }[] };
      };
    };
    assert.equal(page.pages.length, 3);
    assert.deepEqual(
      [page.har.log.pages[0]?.title, page.har.log.pages[0]?.pageTimings.onLoad],
      ['Sign in · acme.atlassian.net', detail.pages[1]?.duration],
    );
    assert.equal(page.har.log.entries[0]?.request.url, 'https://acme.atlassian.net/login');
    await conforming(emulator, `${WT}/page/{pageId}`, `${round}/page/3`, {}, 404);
    await conforming(
      emulator,
      WT,
      `/v7/test-results/${created.find((t) => t.type === 'page-load')?.testId}/web-transactions/agent/${ok.agent.agentId}/round/${ok.roundId}`,
      {},
      404,
    );
  });
});
