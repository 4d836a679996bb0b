// The lens's one-time consent token: valid once, for the document version, action and change
// it was issued for, while fresh; anything else is refused (and the command asks in its modal).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { CONSENT_TTL_MS, LensConsent } from '../../../src/vscode/documents/lens-consent';

const uri = (path: string): vscode.Uri => ({ toString: () => `file://${path}` }) as vscode.Uri;
const DOC = uri('/w/a.netmon-test.json');
const CHANGE = 'demo 1001\nUpdate: interval 300 → 600';

test('a fresh token for the same version, action and change is taken once', () => {
  const consent = new LensConsent();
  const token = consent.issue(DOC, 3, 'update', CHANGE);
  assert.match(token, /^[0-9a-f]{32}$/);
  assert.equal(
    consent.issue(DOC, 3, 'update', CHANGE),
    token,
    'the lens drawn again for the same version keeps its token',
  );
  assert.equal(consent.take(token, DOC, 3, 'update', CHANGE), true);
  assert.equal(consent.take(token, DOC, 3, 'update', CHANGE), false, 'taken once: a replay is refused');
});

test('refused: no token, a forged one, another version, action, change or document, and a token past its time', () => {
  let now = 1_000;
  const consent = new LensConsent(() => now);
  const refused: [string, (token: string) => boolean][] = [
    ['absent', () => consent.take(undefined, DOC, 3, 'update', CHANGE)],
    ['forged', () => consent.take('0'.repeat(32), DOC, 3, 'update', CHANGE)],
    ['not a string', (token) => consent.take({ token }, DOC, 3, 'update', CHANGE)],
    ['another version', (token) => consent.take(token, DOC, 4, 'update', CHANGE)],
    ['another action', (token) => consent.take(token, DOC, 3, 'create', CHANGE)],
    ['another change', (token) => consent.take(token, DOC, 3, 'update', 'demo 1001\nUpdate: interval 300 → 900')],
    ['no change computed', (token) => consent.take(token, DOC, 3, 'update', undefined)],
    ['another document', (token) => consent.take(token, uri('/w/b.netmon-test.json'), 3, 'update', CHANGE)],
    [
      'past its time',
      (token) => {
        now += CONSENT_TTL_MS;
        return consent.take(token, DOC, 3, 'update', CHANGE);
      },
    ],
  ];
  for (const [why, attempt] of refused) {
    now = 1_000;
    const token = consent.issue(DOC, 3, 'update', CHANGE);
    assert.equal(attempt(token), false, why);
  }
});

test('a token is dropped when its document closes, and a new lens issues a new one', () => {
  const consent = new LensConsent();
  const token = consent.issue(DOC, 3, 'create', CHANGE);
  consent.forget(DOC);
  assert.equal(consent.take(token, DOC, 3, 'create', CHANGE), false);
  assert.notEqual(consent.issue(DOC, 3, 'create', CHANGE), token);
});
