// One agent directory per connection, over the emulator: names instead of ids, one list walk
// shared by concurrent callers, a fresh read when stale, and a failed read that keeps what
// was known instead of failing the view.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AgentDirectory } from '../../../src/api';
import { TestBed } from './helpers';

describe('agent directory', () => {
  let bed: TestBed;
  before(async () => {
    bed = await TestBed.start();
  });
  after(() => bed.close());

  const agentListReads = async (): Promise<number> =>
    (await bed.requests()).filter((r) => r.path === '/v6/endpoint-agents').length;

  test('names every agent of the list; concurrent callers share one walk', async () => {
    const client = bed.client('viewer');
    const { records } = await client.endpointAgents().collect();
    await bed.clearRequests();
    const directory = new AgentDirectory(client);
    await Promise.all([directory.ready(), directory.ready(), directory.ready()]);
    assert.equal(await agentListReads(), 1, 'one walk for three callers');
    const named = records.find((agent) => agent.computerName)!;
    assert.equal(directory.nameOf(named.agentId), named.computerName);
    assert.equal(directory.label('no-such-agent'), 'no-such-agent', 'an unknown id stands for itself');
    assert.equal(Object.keys(directory.names()).length, records.filter((a) => a.computerName).length);
  });

  test('read again only when stale', async () => {
    let now = 0;
    const directory = new AgentDirectory(bed.client('viewer'), { freshMs: 1000, now: () => now });
    await bed.clearRequests();
    await directory.ready();
    now = 500;
    await directory.ready();
    assert.equal(await agentListReads(), 1);
    now = 1500;
    await directory.ready();
    assert.equal(await agentListReads(), 2);
  });

  test('a failed read keeps the names known before and does not throw', async () => {
    let now = 0;
    const client = bed.client('viewer');
    const directory = new AgentDirectory(client, { freshMs: 1000, now: () => now });
    await directory.ready();
    const known = Object.keys(directory.names()).length;
    bed.setFaults([{ fault: 'error', status: 500, pathPrefix: '/v6/endpoint-agents', times: 10 }]);
    try {
      now = 5000;
      await directory.ready();
      assert.equal(Object.keys(directory.names()).length, known);
    } finally {
      bed.setFaults([]);
    }
  });

  test('one directory per client: a new connection starts a new one', () => {
    const first = bed.client('viewer');
    assert.equal(first.agentDirectory(), first.agentDirectory());
    assert.notEqual(first.agentDirectory(), bed.client('viewer').agentDirectory());
  });

  test("a list read elsewhere (the explorer's) fills it without a request", async () => {
    const client = bed.client('viewer');
    const { records } = await client.endpointAgents().collect();
    const directory = new AgentDirectory(client);
    await bed.clearRequests();
    directory.learn(records);
    await directory.ready();
    assert.equal(await agentListReads(), 0);
    assert.equal(directory.nameOf(records[0]!.agentId), records[0]!.computerName || undefined);
  });

  test('refresh reads now even when fresh, shares a read in flight, and reports a failure to its caller', async () => {
    const directory = new AgentDirectory(bed.client('viewer'));
    await directory.ready();
    await bed.clearRequests();
    const [first, second] = await Promise.all([directory.refresh(), directory.refresh()]);
    assert.equal(await agentListReads(), 1, 'two refreshes at once share one read');
    assert.deepEqual(
      first.map((a) => a.agentId),
      second.map((a) => a.agentId),
    );
    assert.deepEqual(
      directory.agents().map((a) => a.agentId),
      first.map((a) => a.agentId),
    );
    bed.setFaults([{ fault: 'error', status: 500, pathPrefix: '/v6/endpoint-agents', times: 10 }]);
    try {
      await assert.rejects(directory.refresh());
      assert.equal(directory.agents().length, first.length, 'what was known is kept');
    } finally {
      bed.setFaults([]);
    }
  });

  test('a caller that gives up does not cancel the shared read', async () => {
    const directory = new AgentDirectory(bed.client('viewer'));
    const controller = new AbortController();
    const gaveUp = directory.ready(controller.signal);
    controller.abort();
    await assert.rejects(gaveUp);
    await directory.ready();
    assert.ok(Object.keys(directory.names()).length > 0);
  });
});
