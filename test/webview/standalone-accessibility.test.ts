// The outputs read outside VS Code (issue #30): `netmon har report`'s page and the evidence
// HTML, in a light and a dark browser (prefers-color-scheme): axe-core finds no violation of
// impact serious or critical, contrast of every text included.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { renderEvidenceHtml, sessionEvidence } from '../../src/analysis/evidence';
import { loadHarBundle, renderHarReport } from '../../src/cli/har-report';
import { healthySession } from '../unit/session/fixtures';
import { GENERATED_AT, harWithSecrets } from '../unit/evidence/fixtures';
import { ensureBuilt, launchChromium } from './helpers/panel';
import { syntheticHar } from './helpers/synthetic-har';

const AXE_SOURCE = readFileSync(createRequire(__filename).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

const OUTPUTS: { name: string; html: () => string; ready: string }[] = [
  {
    name: 'har report',
    html: () => {
      ensureBuilt('har');
      return renderHarReport(syntheticHar(40, 3), { bundle: loadHarBundle() });
    },
    ready: '.har-viewport',
  },
  {
    name: 'evidence HTML',
    ready: 'h1',
    html: () =>
      renderEvidenceHtml(
        sessionEvidence({
          session: healthySession(),
          pages: [{ pageId: 'page_1', title: 'Portal — Home', har: harWithSecrets() }],
          agentName: 'maria-mbp',
          accountGroup: 'ACME Corp (1001)',
          range: { window: '24h' },
          generatedAt: GENERATED_AT,
        }),
      ),
  },
];

describe('standalone outputs: axe in a light and a dark browser', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await browser.close();
  });

  for (const output of OUTPUTS) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`${output.name}, ${colorScheme}: no serious or critical axe violation`, async () => {
        // The page's own CSP admits only its nonce'd script; axe is injected from outside it.
        const context = await browser.newContext({
          bypassCSP: true,
          colorScheme,
          viewport: { width: 1280, height: 900 },
        });
        try {
          const page = await context.newPage();
          await page.setContent(output.html(), { waitUntil: 'load' });
          await page.waitForSelector(output.ready);
          await page.addScriptTag({ content: AXE_SOURCE });
          const violations = await page.evaluate(async () => {
            const axe = (
              globalThis as unknown as {
                axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> };
              }
            ).axe;
            return (
              await axe.run((globalThis as unknown as { document: unknown }).document, { resultTypes: ['violations'] })
            ).violations;
          });
          const serious = violations
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map(
              (v) =>
                `${v.impact} ${v.id} ×${v.nodes.length}: ${v.help} at ${v.nodes
                  .slice(0, 3)
                  .map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`)
                  .join('; ')}`,
            );
          assert.deepEqual(serious, []);
        } finally {
          await context.close();
        }
      });
    }
  }
});
