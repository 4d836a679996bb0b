// Responses as the vendor's published documentation shows them, not as our emulator writes
// them. A server in front of the emulator answers the topology list in the published shape
// (only networkProbeId, agentId, date, roundId, icmpBlocked; numbers and flags as strings),
// with a record that is not an object and one without its id: the tree shows what it can,
// says "not reported" for what is absent, and says which records it left out.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'mocha';
import { shortTime } from '../../../src/analysis/records/summaries';
import type { RunningEmulator } from '../../../src/emulator';
import {
  childrenOf,
  DEMO_CREDENTIALS,
  kindOf,
  netmonApi,
  root,
  signInTo,
  signOut,
  startControlledEmulator,
} from './netmon-fixture';

/** When the published probes ran: relative to the run's own clock, so the row's short time never ages out of its form. */
const PROBED_AT = new Date(Date.now() - 2 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

const PUBLISHED_PROBES = {
  networkProbes: [
    null,
    { networkProbeId: 'np-1', agentId: 'a-1', date: PROBED_AT, roundId: 1_795_000_000, icmpBlocked: false },
    { networkProbeId: 'np-2', agentId: 'a-1', date: PROBED_AT, roundId: '1795000000', icmpBlocked: 'true' },
    { agentId: 'a-1', date: PROBED_AT, roundId: 1_795_000_000 },
  ],
  pages: { current: 1 },
};

/** Forwards to the emulator, except the topology list, which it answers in the published shape. */
function publishedShapeServer(emulator: RunningEmulator): Server {
  return createServer((request, response) => {
    if (request.url?.startsWith('/v6/endpoint-data/network-topology')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(PUBLISHED_PROBES));
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers: Record<string, string> = {};
      for (const name of ['authorization', 'content-type'])
        if (typeof request.headers[name] === 'string') headers[name] = request.headers[name];
      void fetch(`${emulator.url}${request.url ?? '/'}`, {
        method: request.method,
        headers,
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      }).then(
        async (answer) => {
          response.writeHead(answer.status, {
            'content-type': answer.headers.get('content-type') ?? 'application/json',
          });
          response.end(Buffer.from(await answer.arrayBuffer()));
        },
        () => {
          response.writeHead(502);
          response.end();
        },
      );
    });
  });
}

describe('responses in the published shapes', () => {
  let emulator: RunningEmulator;
  let front: Server;
  before(async () => {
    // v6's published shapes, whatever the run's dialect (v7's published examples go through the
    // client and the analyses in test/integration/client/v7-*.test.ts).
    emulator = await startControlledEmulator({ api: 'v6' });
    front = publishedShapeServer(emulator);
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const api = await netmonApi();
    await api.signIn({
      baseUrl: `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
      authForm: 'bearer',
      token: DEMO_CREDENTIALS.admin.token,
    });
  });
  after(async () => {
    front.closeAllConnections();
    await new Promise<void>((resolve) => front.close(() => resolve()));
    await signInTo(emulator);
    await signOut();
    await emulator.close();
  });

  it('Network Topology shows probes without target or ping, and says which records it left out', async () => {
    const api = await netmonApi();
    const readFrom = new Date();
    const rows = await childrenOf(api, await root(api, 'Network Topology'));
    const readTo = new Date();
    assert.deepEqual(
      rows.map((row) => kindOf(row)),
      ['probe', 'probe', 'error', 'error'],
    );
    const [measured, blocked, notObject, noId] = rows.map((row) => row.treeItem());
    assert.equal(notObject?.label, 'Left out: record 1 of /v6/endpoint-data/network-topology is null, not an object');
    assert.equal(noId?.label, 'Left out: record 4 of /v6/endpoint-data/network-topology has no networkProbeId');
    assert.equal(measured?.label, 'Probe (target not reported)');
    // The row's time is the list's short form at the instant the tree read it (midnight may fall between).
    const described = [readFrom, readTo].map((at) => `${shortTime(PROBED_AT, at)} · not reported · a-1`);
    assert.ok(
      described.includes(String(measured?.description)),
      `the local short time, what was not measured, then the agent: ${String(measured?.description)}`,
    );
    assert.match(String(blocked?.description), / · ICMP blocked · a-1$/);
    for (const item of [measured, blocked])
      assert.doesNotMatch(`${String(item?.label)} ${String(item?.description)}`, /undefined|NaN/);
  });
});
