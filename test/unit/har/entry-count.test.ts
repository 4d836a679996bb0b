// The streaming count that bounds a HAR by what it holds (src/analysis/har/entry-count.ts):
// the entries and pages of every envelope readHar reads, as JSON.parse would see them,
// whatever the strings around them hold and wherever the chunks split the text; it stops at
// the first limit, and hostile text costs time in proportion to its size.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { envelopeMember, type HarContainer } from '../../../src/analysis/har/envelope';
import { HarCounter } from '../../../src/analysis/har/entry-count';
import { HAR_COUNT_LIMITS, type HarCounts } from '../../../src/analysis/har/limits';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Counts `text` fed in pieces of `size` bytes (1: every possible split). */
function count(text: string, size = Infinity, limits: HarCounts = HAR_COUNT_LIMITS): HarCounter {
  const counter = new HarCounter(limits);
  const all = bytes(text);
  const step = Number.isFinite(size) ? size : all.length;
  for (let at = 0; at < all.length; at += step) counter.write(all.subarray(at, at + step));
  return counter;
}

const held = (text: string, size?: number): { entries: number; pages: number } => {
  const { entries, pages } = count(text, size).counts;
  return { entries, pages };
};

/** What JSON.parse builds where readHar may read it: every envelope's entries and pages, summed. */
function reference(value: unknown, container: HarContainer = 'root'): { entries: number; pages: number } {
  const sum = { entries: 0, pages: 0 };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return sum;
  for (const [key, item] of Object.entries(value)) {
    const kind = key === 'pages' ? 'pages' : envelopeMember(container, key);
    if ((kind === 'entries' || kind === 'pages') && Array.isArray(item)) sum[kind] += item.length;
    else if (kind === 'har' || kind === 'log') {
      const inner = reference(item, kind);
      sum.entries += inner.entries;
      sum.pages += inner.pages;
    }
  }
  return sum;
}
const expected = (text: string): { entries: number; pages: number } => reference(JSON.parse(text));

describe('HarCounter counts the entries and pages readHar reads', () => {
  test('in every envelope: { log }, { har: { log } }, { har: { entries } }, a bare log', () => {
    assert.deepEqual(held('{"log":{"pages":[{"id":"p"}],"entries":[{},{},{}]}}'), { entries: 3, pages: 1 });
    assert.deepEqual(held('{"har":{"log":{"entries":[{"a":[1,2]},{}]}}}'), { entries: 2, pages: 0 });
    assert.deepEqual(held('{"har":{"entries":[1,"x",null,true]}}'), { entries: 4, pages: 0 });
    assert.deepEqual(held('{"entries":[{}],"pages":[]}'), { entries: 1, pages: 0 });
    assert.deepEqual(held(' \n{ "log" : { "entries" : [ ] } } '), { entries: 0, pages: 0 });
  });

  test('a duplicated log or entries member counts every copy (JSON.parse builds each)', () => {
    assert.deepEqual(held('{"log":{"entries":[{},{}],"entries":[{}]},"log":{"entries":[{}]}}'), {
      entries: 4,
      pages: 0,
    });
  });

  test('member names written with escapes are read as JSON.parse reads them', () => {
    const text = '{"\\u006cog":{"entr\\u0069es":[{},{}],"p\\u0061ges":[{}],"entries\\u0000":[{},{},{}]}}';
    assert.deepEqual(held(text), { entries: 2, pages: 1 });
    assert.deepEqual(held(text), expected(text));
  });

  test('brackets, braces, commas and quotes inside strings are text, not structure', () => {
    const text = JSON.stringify({
      log: {
        '],"entries":[{': 'x",[{},{}],"',
        entries: [
          { url: 'https://a.example/?q=[{},{}],{"entries":[1,2,3]}', note: 'back\\slash \\"quote\\" \\\\' },
          'a string entry with ", [ and { in it',
          { nested: { entries: [{}, {}, {}], log: { entries: [{}] } } },
        ],
        comment: '\\\\\\"]}',
      },
    });
    assert.deepEqual(held(text), { entries: 3, pages: 0 });
    assert.deepEqual(held(text), expected(text));
  });

  test('the same counts however the text is split, down to one byte at a time', () => {
    const text = '{"l\\u006fg":{"pages":[{"t":"a\\"]"}],"entries":[{"x":"\\\\"},{"y":"é,ü[{"},7,{"z":"\\u005d"}]}}';
    const whole = held(text);
    assert.deepEqual(whole, { entries: 4, pages: 1 });
    for (const size of [1, 2, 3, 5, 7]) assert.deepEqual(held(text, size), whole, `pieces of ${size}`);
  });

  test('any JSON, any split: as JSON.parse sees it', () => {
    const member = fc.oneof(fc.constantFrom('log', 'har', 'entries', 'pages', 'x'), fc.string());
    const har = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 2 }),
        fc.dictionary(member, tie('node'), { maxKeys: 4 }),
        fc.array(tie('node'), { maxLength: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(har, fc.integer({ min: 1, max: 64 }), (value, size) => {
        const text = JSON.stringify(value);
        assert.deepEqual(held(text, size), expected(text));
      }),
      { numRuns: 300 },
    );
  });
});

describe('HarCounter stops at the first limit', () => {
  const limits: HarCounts = { entries: 5, pages: 2, values: 50 };

  test('entries, pages and values each, with which one it was', () => {
    const entries = (n: number): string => `{"log":{"entries":[${Array(n).fill('{}').join(',')}]}}`;
    assert.equal(count(entries(5), Infinity, limits).over, undefined);
    assert.equal(count(entries(6), Infinity, limits).over, 'entries');
    assert.equal(count('{"log":{"pages":[{},{},{}],"entries":[]}}', Infinity, limits).over, 'pages');
    // Objects where no reader looks still cost JSON.parse: a root array, a custom member.
    assert.equal(count(`[${Array(60).fill('{}').join(',')}]`, Infinity, limits).over, 'values');
    assert.equal(count(`{"log":{"_x":[${Array(30).fill('[]').join(',')}]}}`, Infinity, limits).over, 'values');
  });

  test('reads no further once over: 45 million entries are refused after the first ones', () => {
    const counter = new HarCounter();
    const block = bytes(`,${Array(100_000).fill('{}').join(',')}`);
    counter.write(bytes('{"log":{"entries":[{}'));
    let blocks = 0;
    while (counter.write(block) === undefined) blocks++;
    assert.equal(counter.over, 'entries');
    assert.equal(blocks, Math.floor(HAR_COUNT_LIMITS.entries / 100_000) - 1);
    assert.equal(counter.counts.entries, HAR_COUNT_LIMITS.entries + 1, 'the count stops at the first entry over');
  });
});

describe('HarCounter reads hostile text in time proportional to its size', () => {
  const MB = 1024 * 1024;
  const hostile = (size: number): string[] => [
    // A long run of backslashes before every quote: each must be counted once, not per quote.
    `{"log":{"entries":[${`"${'\\\\'.repeat(size / 4)}\\""`},{}]}}`,
    // A member name that never ends, and one that is nearly "entries" a million times over.
    `{"log":{"${'entrie'.repeat(size / 6)}":[]}}`,
    `{"${'\\u0065'.repeat(size / 6)}":[{}]}`,
    // Brackets inside one string, and deep nesting outside any.
    `{"log":{"entries":["${'[{'.repeat(size / 2)}"]}}`,
    `{"log":{"x":${'['.repeat(size)}}}`,
  ];

  test('1 MB and 8 MB of each take time in proportion (and finish)', () => {
    const time = (text: string): number => {
      const input = bytes(text);
      const started = performance.now();
      new HarCounter({ entries: Infinity, pages: Infinity, values: Infinity }).write(input);
      return performance.now() - started;
    };
    const small = hostile(MB);
    const large = hostile(8 * MB);
    small.forEach((text, i) => {
      const [one, eight] = [Math.min(time(text), time(text)), Math.min(time(large[i]!), time(large[i]!))];
      assert.ok(
        eight < 16 * Math.max(one, 2) + 50,
        `case ${i}: 1 MB ${one.toFixed(1)} ms, 8 MB ${eight.toFixed(1)} ms`,
      );
    });
  });

  test('an escaped quote in a long string does not end it', () => {
    assert.deepEqual(held(hostile(1024)[0]!), { entries: 2, pages: 0 });
    assert.deepEqual(held(hostile(1024)[3]!), { entries: 1, pages: 0 });
  });
});
