// HAR redaction on whole files: every fixture shape loses its secrets and keeps what a
// troubleshooter reads; the report says what went where without the values; the input is
// not changed; the waterfall's reader reads the result.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readHar } from '../../../src/analysis/har';
import {
  createReport,
  redactEntry,
  redactHar,
  redactLogMember,
  REDACTION_RULES,
} from '../../../src/analysis/har/redact';
import { REPORT_LOCATIONS_PER_RULE } from '../../../src/analysis/har/redact/rules';
import type { Har } from '../../../src/api/types';
import {
  assertTroubleshootingKept,
  entryWith,
  fixtureText,
  JWTS,
  REDACT_FIXTURES,
} from '../../fixtures/har-redact/expectations';

const load = (name: string): Har => JSON.parse(fixtureText(name)) as Har;

describe('redactHar on Chrome, Firefox, Charles and browsertime exports', () => {
  for (const fixture of REDACT_FIXTURES) {
    test(`${fixture.name}: every secret is gone, what troubleshooting needs stays`, () => {
      const before = load(fixture.name);
      const { har } = redactHar(before);
      const text = JSON.stringify(har);
      for (const secret of fixture.secrets)
        assert.ok(!text.includes(secret), `${fixture.name} still holds ${secret.slice(0, 24)}…`);
      for (const kept of fixture.kept) assert.ok(text.includes(kept), `${fixture.name} lost ${kept}`);
      assertTroubleshootingKept(before, har);
    });
  }

  test('the input is not changed (the copy shares nothing it changed)', () => {
    for (const fixture of REDACT_FIXTURES) {
      const input = load(fixture.name);
      const copy = structuredClone(input);
      redactHar(input);
      assert.deepEqual(input, copy, fixture.name);
    }
  });

  test('the waterfall reader reads the redacted HAR: same requests, phases, sizes and statuses', () => {
    for (const fixture of REDACT_FIXTURES) {
      const before = readHar(load(fixture.name));
      const after = readHar(redactHar(load(fixture.name)).har);
      assert.equal(after.entries.length, before.entries.length);
      assert.deepEqual(after.warnings, before.warnings);
      const row = (e: (typeof before.entries)[number]) => [
        e.index,
        e.pageref === '' ? '' : 'page',
        e.startMs,
        e.totalMs,
        e.phases,
        e.status,
        e.transferBytes,
        e.contentBytes,
        e.host,
        e.resourceType,
        e.method,
        e.redirectedFrom,
      ];
      assert.deepEqual(after.entries.map(row), before.entries.map(row), fixture.name);
      assert.equal(after.pages.length, before.pages.length);
    }
  });

  test('entries keep their page: a page id that is a URL is redacted the same way in pages and pagerefs', () => {
    const { har } = redactHar(load('browsertime'));
    const id = har.log.pages?.[0]?.id ?? '';
    assert.equal(id, 'https://blog.example.io/posts/latest?preview_token=REDACTED-query');
    assert.ok(har.log.entries.every((e) => e.pageref === id));
    assert.ok(readHar(har).entries.every((e) => e.pageref === id));
  });
});

describe('the redaction report', () => {
  test('counts per rule and says where, never what', () => {
    const { har, report } = redactHar(load('chrome'));
    assert.equal(report.entries, 4);
    assert.equal(report.rules.cookie.count, 6);
    assert.equal(report.rules.authorization.count, 1);
    assert.equal(report.rules.jwt.count, 3);
    assert.equal(report.rules['response-body'].count, 3);
    assert.equal(
      report.total,
      Object.values(report.rules).reduce((sum, tally) => sum + tally.count, 0),
    );
    assert.deepEqual(report.rules.authorization.locations, [
      { entry: 0, where: 'request.header', name: 'authorization' },
    ]);
    assert.deepEqual(
      report.rules.userinfo.locations.map((l) => [l.entry ?? `page ${l.page}`, l.where]),
      [
        ['page 0', 'page.title'],
        [1, 'response.header'],
        [1, 'response.redirectURL'],
      ],
    );
    assert.deepEqual(
      report.rules.jwt.locations.map((l) => [l.where, l.name]),
      [
        ['request.url', 'state'],
        ['request.header', ':path: state'],
        ['request.query', 'state'],
      ],
    );
    const reported = JSON.stringify(report);
    for (const secret of REDACT_FIXTURES[0]?.secrets ?? []) assert.ok(!reported.includes(secret));
    assert.ok(JSON.stringify(har).includes('[redacted: body 5.2 kB]'));
  });

  test('lists a bounded number of locations per rule and counts the rest', () => {
    const cookies = Array.from({ length: REPORT_LOCATIONS_PER_RULE + 50 }, (_, i) => ({
      name: `c${i}`,
      value: `v${i}`,
    }));
    const report = createReport();
    redactEntry(entryWith({ request: { cookies } }), 0, {}, report);
    assert.equal(report.rules.cookie.count, REPORT_LOCATIONS_PER_RULE + 50);
    assert.equal(report.rules.cookie.locations.length, REPORT_LOCATIONS_PER_RULE);
    assert.equal(report.rules.cookie.moreLocations, 50);
  });

  test('one report collects the entries redacted one by one', () => {
    const report = createReport();
    const har = load('firefox');
    har.log.entries.forEach((entry, i) => redactEntry(entry, i, {}, report));
    assert.equal(report.entries, 2);
    assert.equal(report.rules['json-field'].count, 3);
    assert.ok(report.rules['json-field'].locations.every((l) => l.entry === 1));
  });

  test('log-level members one by one: pages, comments and custom fields', () => {
    const report = createReport();
    assert.deepEqual(redactLogMember('pages', [{ id: 'p', title: 'https://x.example/?token=t1' }], {}, report), [
      { id: 'p', title: 'https://x.example/?token=REDACTED-query' },
    ]);
    assert.equal(redactLogMember('comment', `sent by ${JWTS.chrome}`, {}, report), 'sent by [redacted: jwt]');
    assert.deepEqual(redactLogMember('_tool', { apiKey: 'k', version: '2' }, {}, report), {
      apiKey: '[redacted: field apiKey]',
      version: '2',
    });
    assert.deepEqual(report.rules['secret-query'].locations, [{ page: 0, where: 'page.title', name: 'token' }]);
    assert.equal(report.total, 3);
  });

  test('every rule of the table is in the report, in the table order', () => {
    assert.deepEqual(
      Object.keys(createReport().rules),
      REDACTION_RULES.map((r) => r.id),
    );
    for (const rule of REDACTION_RULES) assert.ok(rule.description && rule.matches, rule.id);
  });
});
