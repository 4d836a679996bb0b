// One grading for every view: experience scores, page loads and network measurements are
// graded at the session verdict's thresholds, with a word for each grade.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  experienceGrade,
  experienceText,
  gatewayGrade,
  GRADE_THEME_COLORS,
  networkGrade,
  pageLoadGrade,
} from '../../src/analysis/grades';
import { THRESHOLDS } from '../../src/analysis/session/thresholds';

test('experience scores: good at and above fairBelow, poor below poorBelow, absent when not a number', () => {
  const { fairBelow, poorBelow } = THRESHOLDS.experience;
  assert.deepEqual([1, fairBelow, fairBelow - 0.001, poorBelow, poorBelow - 0.001, 0].map(experienceGrade), [
    'ok',
    'ok',
    'warn',
    'warn',
    'bad',
    'bad',
  ]);
  assert.equal(experienceGrade(Number.NaN), undefined);
  assert.equal(experienceGrade('0.9'), undefined);
  assert.equal(experienceText(0.017), '0.01 poor');
  assert.equal(
    experienceText(THRESHOLDS.experience.fairBelow - 0.001),
    `${(THRESHOLDS.experience.fairBelow - 0.01).toFixed(2)} fair`,
    'never written as the threshold it is below',
  );
  assert.equal(experienceText(1.4), '1.00 good', 'out-of-range scores are clamped when written');
});

test('an experience score is written rounded down to two places, also where binary floats sit just below', () => {
  // 0.255 and 0.995 are stored as 0.25499… and 0.99499…: rounding half up would write 0.26 and 1.00.
  assert.equal(experienceText(0.255)?.split(' ')[0], '0.25');
  assert.equal(experienceText(0.995)?.split(' ')[0], '0.99');
  assert.equal(experienceText(0.29)?.split(' ')[0], '0.29', '0.29 * 100 is 28.999…: still 0.29');
  assert.equal(experienceText(0.57)?.split(' ')[0], '0.57', '0.57 * 100 is 56.999…: still 0.57');
  assert.equal(experienceText(0)?.split(' ')[0], '0.00');
});

test('page loads, network paths and the gateway each against their own budget', () => {
  assert.equal(pageLoadGrade(THRESHOLDS.page.loadBad - 1), 'warn');
  assert.equal(pageLoadGrade(undefined), undefined);
  assert.equal(networkGrade(undefined, THRESHOLDS.isp.lossWarn * 100), 'warn');
  assert.equal(
    networkGrade(THRESHOLDS.isp.rttBad, 0),
    'warn',
    'latency alone, with no normal to add it to, is at most slow',
  );
  assert.equal(
    networkGrade(THRESHOLDS.isp.rttBad + 40, 0, { rttMs: 40, samples: THRESHOLDS.baseline.minSamples }),
    'bad',
  );
  assert.equal(networkGrade(undefined, undefined), undefined);
  assert.equal(gatewayGrade(THRESHOLDS.gateway.rttWarn, 0), 'warn');
});

test('every grade has a theme colour id, so no view picks its own', () => {
  assert.deepEqual(Object.keys(GRADE_THEME_COLORS).sort(), ['bad', 'ok', 'unknown', 'warn']);
  for (const id of Object.values(GRADE_THEME_COLORS)) assert.match(id, /^[a-zA-Z]+(\.[a-zA-Z]+)?$/);
});
