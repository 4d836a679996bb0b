// The TextMate grammar of the text report: every pattern compiles (these regexes use only
// syntax that Oniguruma and JavaScript share) and finds what a reader expects in a real report.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathTraceText } from '../../../src/analysis/path';
import { syntheticTraces } from './synthetic';

interface Rule {
  match?: string;
  begin?: string;
  name?: string;
  patterns?: Rule[];
  captures?: Record<string, { name: string }>;
}
const grammar = JSON.parse(
  readFileSync(join(__dirname, '..', '..', '..', 'syntaxes', 'netmon-path.tmLanguage.json'), 'utf8'),
) as { scopeName: string; repository: Record<string, Rule> };

/** All matches of a repository rule (its own match or its sub-patterns) in the text. */
function matches(ruleName: string, text: string): string[] {
  const rule = grammar.repository[ruleName]!;
  const rules = rule.patterns ?? [rule];
  return rules.flatMap((r) => [...text.matchAll(new RegExp(r.match!, 'gm'))].map((m) => m[0]));
}

const report = pathTraceText(
  syntheticTraces({ agents: 1, hops: 16, rounds: 3, ecmp: true, silentRouters: 0.15, seed: 5 }),
  'Frankfurt laptop 1',
);
const row = (pattern: RegExp) => report.split('\n').find((l) => pattern.test(l))!;

describe('netmon-path grammar', () => {
  test('every rule compiles and the scope name is the one package.json contributes', () => {
    assert.equal(grammar.scopeName, 'text.netmon-path');
    for (const [name, rule] of Object.entries(grammar.repository)) {
      for (const r of rule.patterns ?? [rule]) {
        if (r.match) assert.doesNotThrow(() => new RegExp(r.match!), name);
        if (r.begin) assert.doesNotThrow(() => new RegExp(r.begin!), name);
      }
    }
  });

  test('IPs, ASNs, latencies, loss and stars are found in a report', () => {
    const target = row(/104\.16\.132\.229\s/);
    assert.deepEqual(matches('addresses', target), ['104.16.132.229']);
    assert.deepEqual(
      matches('asn', target).map((m) => m.trim()),
      ['AS13335 Cloudflare'],
    );
    assert.equal(matches('latency', target).length, 3, 'avg, best, worst');
    assert.deepEqual(matches('loss', target), ['0.0%']);
    const star = row(/\?\?\?/);
    assert.deepEqual(matches('star', star), ['???']);
    assert.deepEqual(matches('loss', star), ['100.0%']);
    const mpls = row(/\[MPLS/);
    assert.match(matches('mpls', mpls)[0]!, /^\[MPLS L=\d+ E=0 S=1 TTL=1\]$/);
    const named = row(/lumen\.tech/);
    assert.match(matches('hostname', named)[0]!, /^bb-[\w-]+\.den\.lumen\.tech$/);
    assert.ok(!matches('hostname', named).some((h) => /^\d+(\.\d+)+$/.test(h)), 'an IP is not a hostname');
  });

  test('IPv6 addresses are recognised too', () => {
    assert.deepEqual(matches('addresses', ' 3.  2001:db8::1  AS64500  0.0%'), ['2001:db8::1']);
  });
});
