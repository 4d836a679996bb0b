// The spec's other forms: paths with the `.json` suffix, and lists answered as XML, walked
// page by page along <pages><next> like the JSON lists.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createNetmonClient, type RequestEvent } from '../../../src/api';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';

const credentials = { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token } as const;

describe('.json suffix and XML lists', () => {
  let emulator: RunningEmulator;
  before(async () => {
    emulator = await startEmulator({ port: 0, pageSize: 25, now: () => Date.parse('2026-11-20T14:00:00Z') });
  });
  after(async () => {
    await emulator.close();
  });

  test('jsonSuffix sends every path with .json and reads the same data', async () => {
    const events: RequestEvent[] = [];
    const suffixed = createNetmonClient({
      apiVersion: 'v6',
      baseUrl: emulator.url,
      credentials,
      jsonSuffix: true,
      onRequest: (e) => events.push(e),
    });
    const plain = createNetmonClient({ apiVersion: 'v6', baseUrl: emulator.url, credentials });
    try {
      assert.deepEqual(await suffixed.listEndpointAgents(), await plain.listEndpointAgents());
      const viaSuffix = await suffixed.userSessions({ window: '1h' }).collect({ maxRecords: 60 });
      assert.deepEqual(
        viaSuffix.records,
        (await plain.userSessions({ window: '1h' }).collect({ maxRecords: 60 })).records,
      );
      assert.ok(events.length >= 2);
      assert.ok(events[0]?.path.startsWith('/v6/endpoint-agents.json'), events[0]?.path);
      assert.ok(
        events.some((e) => e.path.startsWith('/v6/endpoint-data/user-sessions.json?')),
        events.map((e) => e.path).join('\n'),
      );
    } finally {
      await suffixed.close();
      await plain.close();
    }
  });

  test('a list read as XML walks every page once, along <pages><next>', async () => {
    const client = createNetmonClient({ apiVersion: 'v6', baseUrl: emulator.url, credentials });
    try {
      const json = await client.userSessions({ window: '1h' }).collect();
      const pages = [];
      for await (const page of client.xmlPages('/v6/endpoint-data/user-sessions', { window: '1h' })) pages.push(page);
      assert.ok(pages.length > 1, 'the hour should span several pages of 25');
      assert.ok(pages.every((page) => page.xml.startsWith('<?xml')));
      assert.equal(pages.at(-1)?.next, undefined);
      assert.ok(pages.slice(0, -1).every((page) => page.next?.startsWith(emulator.url)));
      const ids = pages.flatMap((page) =>
        [...page.xml.matchAll(/<userSessionId>([^<]+)<\/userSessionId>/g)].map((m) => m[1]),
      );
      assert.deepEqual(
        ids,
        json.records.map((session) => session.userSessionId),
      );
    } finally {
      await client.close();
    }
  });
});
