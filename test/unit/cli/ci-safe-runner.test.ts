// What the CLI prints (cliText) and its structured forms (ciJson, ciXml) hold no line a CI
// runner executes, checked against a model of the runners' own parsing (ci-runner.ts) on the
// reported reproductions and on a few thousand seeded random strings built from Unicode
// whitespace, markers, line breaks of every kind and arbitrary code points.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ciJson, ciXml, cliText } from '../../../src/cli/ci-safe';
import { DOTNET_WHITESPACE, LINE_BREAKS, runnerCommands } from './ci-runner';

const REPRODUCTIONS: Record<string, string> = {
  'a test named with ##[error] mid-line': 'Payments ##[error]Deploy key leaked…',
  'a property name starting with NBSP then ::add-mask::': '\u00a0::add-mask::x',
  'a property name starting with U+3000 then ::add-mask::': '\u3000::add-mask::x',
  'a ##vso[ command in capitals after other text': 'name ##VSO[task.setvariable variable=x]1',
};
const MARKERS = [
  '::',
  '::add-mask::',
  '##[error]',
  '##vso[task.setvariable]',
  '##VsO[task.complete]',
  '#',
  ':',
  '[',
  ']',
  'error',
  ' ',
];
const ZERO_WIDTH_SPACE = /\u200b/g;
/** What cliText drops: C0/C1 controls but tab and newline, bidirectional overrides, U+2028/U+2029. */
// eslint-disable-next-line no-control-regex
const DROPPED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const CASES = 3000;

/** mulberry32: a small seeded PRNG, so every run checks the same cases. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

function hostileStrings(seed: number, count: number): string[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const codePoint = (): string => {
    const point = Math.floor(next() * 0x110000);
    return point >= 0xd800 && point <= 0xdfff ? '\u200b' : String.fromCodePoint(point);
  };
  const piece = (): string =>
    pick([
      () => pick(DOTNET_WHITESPACE),
      () => pick(DOTNET_WHITESPACE),
      () => pick(MARKERS),
      () => pick(MARKERS),
      () => pick(LINE_BREAKS),
      codePoint,
      () => pick(['\u200b', '\u00ad', '\u2060', '\ufeff', '\u0000']),
    ])();
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(next() * 16) }, piece).join(''));
}

function assertNoCommand(output: string, input: string, what: string): void {
  assert.deepEqual(runnerCommands(output), [], `${what} of ${JSON.stringify(input)}: ${JSON.stringify(output)}`);
}

function xmlText(xml: string): string {
  return xml
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

describe('the runner model', () => {
  test('finds the commands a runner executes', () => {
    for (const line of [
      '::error::x',
      '  ::add-mask::x',
      '\u3000::add-mask::x',
      '\u00a0\t::warning file=a::x',
      'a ##[error]x',
      'x ##VSO[task.setvariable variable=a]1',
      'a\r::add-mask::x',
      'a\u2028::add-mask::x',
    ]) {
      assert.notDeepEqual(runnerCommands(line), [], JSON.stringify(line));
    }
    for (const fixture of Object.values(REPRODUCTIONS))
      assert.notDeepEqual(runnerCommands(fixture), [], JSON.stringify(fixture));
  });

  test('leaves text alone that no runner executes', () => {
    for (const line of [
      'a::b::c',
      'file.ts:1:2 error ::x',
      '# [x]',
      '#\u200b#[error]',
      ':\u200b:add-mask::x',
      'see ##vs[x]',
    ]) {
      assert.deepEqual(runnerCommands(line), [], JSON.stringify(line));
    }
  });
});

describe('cliText', () => {
  for (const [name, input] of Object.entries(REPRODUCTIONS)) {
    test(`reproduction: ${name}`, () => {
      const output = cliText(input);
      assertNoCommand(output, input, 'cliText');
      assert.equal(output.replace(ZERO_WIDTH_SPACE, ''), input, 'reads the same');
    });
  }

  test(`${CASES} random strings: no line a runner executes, and the text reads the same`, () => {
    for (const input of hostileStrings(20_240_611, CASES)) {
      const output = cliText(input);
      assertNoCommand(output, input, 'cliText');
      assert.equal(
        output.replace(ZERO_WIDTH_SPACE, ''),
        input.replace(DROPPED, '').replace(ZERO_WIDTH_SPACE, ''),
        `reads the same: ${JSON.stringify(input)}`,
      );
      assert.equal(cliText(output), output, `twice is once: ${JSON.stringify(input)}`);
    }
  });

  test('plain ASCII without a marker is unchanged', () => {
    const next = random(7);
    const alphabet = [...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)), '\n', '\t', ':', '#'];
    let checked = 0;
    while (checked < CASES) {
      const text = Array.from(
        { length: 1 + Math.floor(next() * 40) },
        () => alphabet[Math.floor(next() * alphabet.length)]!,
      ).join('');
      if (/(^|\n)[\t ]*::|##\[|##vso\[/im.test(text)) continue;
      assert.equal(cliText(text), text, JSON.stringify(text));
      checked++;
    }
  });
});

describe('ciJson and ciXml agree with cliText', () => {
  test(`${CASES} random strings as JSON values and property names: exact, inert, nothing left for cliText`, () => {
    for (const input of hostileStrings(99, CASES)) {
      const json = ciJson({ [input]: input, list: [input] });
      assert.deepEqual(JSON.parse(json), { [input]: input, list: [input] }, 'parses to the same value');
      assert.equal(cliText(json), json, `cliText changes nothing in ${json}`);
      assertNoCommand(json, input, 'ciJson');
    }
  });

  test(`${CASES} random strings as XML text: exact (less what XML cannot carry), inert, nothing left for cliText`, () => {
    for (const input of hostileStrings(4242, CASES)) {
      const xml = ciXml(input);
      assert.equal(
        xmlText(xml),
        // eslint-disable-next-line no-control-regex
        input.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, ''),
        'a parser reads the text',
      );
      assert.equal(cliText(xml), xml, `cliText changes nothing in ${JSON.stringify(xml)}`);
      assertNoCommand(xml, input, 'ciXml');
      assertNoCommand(`<a>\n${xml}\n</a>`, input, 'ciXml on a line of its own');
    }
  });
});
