// A hop that did not answer (a star) is named by where it is, never by the merge's internal
// key (`star(62.154.160.202>4.69.73.228)#3/3`): in findings, verdicts and every line.
// A gap of several silent hops numbers them: `a silent hop (2nd of 3) between …`.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { PathTrace } from '../../../src/api/types';
import { localizePathTraces } from '../../../src/analysis/path/localize';
import { localizedHop } from '../../../src/analysis/path/localize-text';
import { starNodeId, starPosition } from '../../../src/analysis/path/merge';
import { hop, trace, TARGET_IP } from './traces';

const BEFORE = '62.154.160.202';
const AFTER = '4.69.73.228';

const LABEL = { mpls: ['L=24001 E=0 S=1 TTL=1'] };
const LEVEL3 = { network: 'AS3356 Level3', location: 'Frankfurt, DE' };

/**
 * A Level3 MPLS tunnel whose last hop does not answer (the emulator's demo world has one):
 * the latency appears inside it, and the tunnel is named by its ends, one of them silent.
 */
function tunnelEndingSilently(): PathTrace[] {
  const route = (i: number): ReturnType<typeof hop>[] => [
    hop(1, `192.168.${i}.1`, 1),
    hop(2, BEFORE, 6, { network: 'AS3320 Deutsche Telekom', location: 'Frankfurt, DE' }),
    hop(3, '4.69.0.1', 48, { ...LEVEL3, ...LABEL }),
    hop(4, '4.69.0.2', 48, { ...LEVEL3, ...LABEL }),
    hop(6, AFTER, 49, LEVEL3),
    hop(7, TARGET_IP, 50),
  ];
  return [1, 2, 3].map((i) => trace(`k${i}`, [route(i)]));
}

/** Lines with the same shape as a star id: the key's own punctuation. */
const leaks = (text: string): boolean => text.includes('star(') || /\)#\d+\/\d+/.test(text);

describe('a silent hop in findings', () => {
  test('its position reads back from the key the merge gives it', () => {
    assert.deepEqual(starPosition(starNodeId(BEFORE, AFTER, 3, 3)), { after: BEFORE, before: AFTER, index: 3, gap: 3 });
    assert.equal(starPosition('10.0.0.1'), undefined);
    assert.equal(starPosition('star(broken'), undefined);
  });

  test('the one the issue met: the 3rd of 3 silent hops, and one right after an agent', () => {
    const label = (id: string): string => localizedHop(id, new Map(), (agentId) => `Laptop ${agentId}`).label;
    assert.equal(
      label(starNodeId(BEFORE, AFTER, 3, 3)),
      'a silent hop (3rd of 3) between 62.154.160.202 and 4.69.73.228',
    );
    assert.equal(
      label(starNodeId('agent:7', BEFORE, 1, 2)),
      'a silent hop (1st of 2) between agent Laptop 7 and 62.154.160.202',
    );
  });

  test('no line, headline or finding shows the internal key; a finding at a star names its neighbours', () => {
    const loc = localizePathTraces(tunnelEndingSilently());
    const texts = [
      loc.headline,
      ...loc.lines,
      ...loc.loss.map((f) => f.line),
      ...loc.delay.map((f) => f.line),
      ...loc.verdicts.map((v) => v.line),
      ...loc.loss.map((f) => f.at.label),
      ...loc.delay.flatMap((f) => [f.from.label, f.to.label]),
    ];
    assert.ok(texts.length > 3);
    for (const text of texts) assert.ok(!leaks(text), text);
    const starred = texts.filter((text) => text.includes('a silent hop'));
    assert.ok(starred.length > 0, texts.join('\n'));
    assert.ok(
      starred.some((text) =>
        text.includes(
          'inside the MPLS tunnel from 62.154.160.202 (AS3320 Deutsche Telekom, Frankfurt, DE) to a silent hop between 4.69.0.2 and 4.69.73.228 (+',
        ),
      ),
      starred.join('\n'),
    );
  });
});
