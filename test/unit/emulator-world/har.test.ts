import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Har } from '../../../src/api/types';
import { demoGroup, lastHours } from './helpers';

const { group } = demoGroup(11);

/** Every page of the sessions of the last six hours, with its HAR. */
function pageHars(): { sessionId: string; pageId: string; title: string; onLoad: number; har: Har }[] {
  const out = [];
  for (const { record } of group.userSessions(lastHours(6))) {
    const detail = group.userSession(record.userSessionId);
    for (const page of detail?.pages ?? []) {
      const har = group.pageHar(record.userSessionId, page.id);
      assert.ok(har, 'every listed page has a HAR');
      out.push({
        sessionId: record.userSessionId,
        pageId: page.id,
        title: page.title,
        onLoad: page.pageTimings.onLoad,
        har,
      });
    }
  }
  return out;
}

const hars = pageHars();
const entries = hars.flatMap((h) => h.har.log.entries);

describe('page HAR', () => {
  test('is HAR 1.2 with creator, browser, one page matching the session page, and _systemMetrics', () => {
    assert.ok(hars.length > 50);
    for (const { pageId, title, onLoad, har } of hars) {
      assert.equal(har.log.version, '1.2');
      assert.ok(har.log.creator.name && har.log.browser?.name);
      assert.equal(har.log.pages?.length, 1);
      assert.equal(har.log.pages?.[0]?.id, pageId);
      assert.equal(har.log.pages?.[0]?.title, title);
      assert.equal(har.log.pages?.[0]?.pageTimings.onLoad, onLoad);
      assert.ok(har.log.entries.every((e) => e.pageref === pageId));
      const metrics = har._systemMetrics;
      assert.ok(metrics && metrics.cpuUtilization.max <= 1 && metrics.endTimeMs > metrics.startTimeMs);
    }
  });

  test('has 20 to 300 entries, spread over that range', () => {
    const counts = hars.map((h) => h.har.log.entries.length);
    assert.ok(
      counts.every((c) => c >= 20 && c <= 300),
      `counts ${Math.min(...counts)}..${Math.max(...counts)}`,
    );
    assert.ok(Math.min(...counts) < 60 && Math.max(...counts) > 150);
  });

  test('loads the document first, then assets of several types from several domains', () => {
    for (const { har } of hars) {
      const [first] = har.log.entries;
      assert.equal(first?._resourceType, 'document');
      const documents = har.log.entries.filter((e) => e._resourceType === 'document');
      assert.ok(har.log.entries.slice(0, documents.length).every((e) => e._resourceType === 'document'));
      const domains = new Set(har.log.entries.map((e) => new URL(e.request.url).host));
      assert.ok(domains.size >= 3, `${domains.size} domains`);
    }
    const types = new Set(entries.map((e) => e._resourceType));
    for (const type of ['script', 'stylesheet', 'image', 'font', 'xhr']) assert.ok(types.has(type), type);
    const mimes = new Set(entries.map((e) => e.response.content.mimeType));
    assert.ok(mimes.has('text/css') && mimes.has('application/javascript') && mimes.has('font/woff2'));
  });

  test('timings: -1 on reused connections, ssl inside connect, time is the sum of the phases', () => {
    assert.ok(entries.some((e) => e.timings.dns === -1 && e.timings.connect === -1 && e.timings.ssl === -1));
    assert.ok(entries.some((e) => (e.timings.connect ?? -1) > 0 && (e.timings.ssl ?? -1) > 0));
    for (const { timings, time } of entries) {
      if ((timings.ssl ?? -1) > 0) assert.ok((timings.connect ?? 0) >= (timings.ssl ?? 0), 'ssl is part of connect');
      const sum = [
        timings.blocked,
        timings.dns,
        timings.connect,
        timings.send,
        timings.wait,
        timings.receive,
      ].reduce<number>((total, value) => total + (value !== undefined && value > 0 ? value : 0), 0);
      assert.ok(Math.abs(sum - time) < 0.01, `time ${time} vs phases ${sum}`);
    }
  });

  test('entries run in start order; the first request to a host resolves it, later ones reuse the answer', () => {
    for (const { har } of hars) {
      const starts = har.log.entries.map((e) => Date.parse(e.startedDateTime));
      assert.deepEqual(
        starts,
        [...starts].sort((a, b) => a - b),
      );
      const seen = new Set<string>();
      for (const entry of har.log.entries) {
        const host = new URL(entry.request.url).host;
        assert.equal((entry.timings.dns ?? -1) >= 0, !seen.has(host), `DNS for ${host}`);
        seen.add(host);
      }
      const first = har.log.entries[0];
      const second = har.log.entries[1];
      if (first?.response.status === 301 && second) {
        assert.notEqual(second.connection, first.connection, 'https does not reuse the http connection');
      }
    }
  });

  test('has redirects with redirectURL, 4xx/5xx responses and failed requests', () => {
    const redirects = entries.filter((e) => e.response.status === 301 || e.response.status === 302);
    assert.ok(redirects.length > 0);
    for (const entry of redirects) {
      assert.match(entry.response.redirectURL, /^https:\/\//);
      assert.ok(entry.response.headers.some((h) => h.name === 'Location' && h.value === entry.response.redirectURL));
    }
    assert.ok(entries.some((e) => e.response.status >= 400 && e.response.status < 500));
    assert.ok(entries.some((e) => e.response.status >= 500));
    const failed = entries.filter((e) => e.response.status === 0);
    assert.ok(failed.length > 0 && failed.every((e) => typeof e._error === 'string'));
  });

  test('requests carry headers, cookies, query strings and a server address', () => {
    assert.ok(entries.every((e) => e.request.headers.length > 0 && Array.isArray(e.request.cookies)));
    assert.ok(entries.some((e) => e.request.cookies.length > 0 && e.response.cookies.length > 0));
    const withQuery = entries.find((e) => e.request.url.includes('?'));
    assert.ok(withQuery && withQuery.request.queryString.length > 0);
    assert.ok(
      entries.filter((e) => e.response.status !== 0).every((e) => /^\d+\.\d+\.\d+\.\d+$/.test(e.serverIPAddress ?? '')),
    );
  });
});
