import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchChromium, type OpenPanel } from './helpers/panel';
import { activeNode, buildPanels, openPathPanel, pathLoad, visibleText, REPO } from './path-fixture';
import type { PathLoadParams } from '../../webview/path/protocol';
import { join } from 'node:path';

let browser: Browser;
before(async () => {
  buildPanels('path');
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
});

const loaded = (params?: PathLoadParams): Promise<OpenPanel> => openPathPanel(browser, params);
const text = visibleText;

describe('path panel', () => {
  test('draws every node and link of the merged graph, stars hollow and MPLS marked', async () => {
    const panel = await loaded();
    const rendered = panel.sent.find((m) => (m as { type: string }).type === 'rendered') as {
      params: { nodes: number; links: number; agents: number };
    };
    assert.equal(rendered.params.agents, 12);
    assert.equal(await panel.page.locator('svg.graph .nodes .node').count(), rendered.params.nodes);
    assert.equal(await panel.page.locator('svg.graph .links .link').count(), rendered.params.links);
    assert.ok((await panel.page.locator('svg.graph .node.kind-star.hollow').count()) > 0);
    assert.ok((await panel.page.locator('svg.graph .node.mpls .mpls-ring').count()) > 0);
    assert.ok((await panel.page.locator('svg.graph .link.mpls').count()) > 0);
    assert.equal(await panel.page.locator('svg.graph .node.target').count(), 1);
    assert.deepEqual(panel.errors, []);
    await panel.close();
  });
  test('hovering a hop shows its IP, prefix, rDNS, network, location and response time', async () => {
    const params = pathLoad();
    const panel = await loaded(params);
    const hop = params.traces[0]!.routes[0]!.hops.find((h) => h.rdns && h.network && (h.hop ?? 0) > 3)!;
    await panel.page.locator(`svg.graph [data-node="${hop.ipAddress}"] .shape`).hover();
    const details = await text(panel, '.details');
    for (const expected of [hop.ipAddress, hop.prefix!, hop.rdns!, hop.network!, hop.location!])
      assert.ok(details.includes(expected), `${expected} in ${details}`);
    assert.match(details, /Response time\s+\d+\.\d ms \(best \d+\.\d ms, worst \d+\.\d ms\)/);
    await panel.close();
  });
  test('choosing an agent highlights exactly its routes', async () => {
    const params = pathLoad();
    const panel = await loaded(params);
    await panel.page.selectOption('#agent', 'a003');
    const onPath = await panel.page
      .locator('svg.graph .node.on-path')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-node')));
    const expected = new Set([
      'agent:a003',
      ...params.traces
        .filter((t) => t.agentId === 'a003')
        .flatMap((t) => t.routes.flatMap((r) => r.hops.map((h) => h.ipAddress))),
    ]);
    for (const ip of expected) assert.ok(onPath.includes(ip), `${ip} highlighted`);
    assert.ok(
      onPath.every((id) => expected.has(id!) || id!.startsWith('star(')),
      'nothing off the path is highlighted',
    );
    assert.equal(await panel.page.locator('svg.graph.highlighting').count(), 1);
    await panel.close();
  });
  test('search by network and rDNS marks matches and Enter walks through them', async () => {
    const params = pathLoad();
    const panel = await loaded(params);
    await panel.page.fill('#search', 'as13335');
    assert.equal(await text(panel, '.match-count'), '2 matches', 'the Cloudflare edge and the target');
    await panel.page.press('#search', 'Enter');
    const firstMatch = await activeNode(panel);
    assert.match(await text(panel, '.details'), /AS13335 Cloudflare/);
    await panel.page.press('#search', 'Enter');
    assert.notEqual(await activeNode(panel), firstMatch);
    const named = params.traces[0]!.routes[0]!.hops.find((h) => h.rdns?.startsWith('core-'))!;
    await panel.page.fill('#search', named.rdns!.slice(0, 12));
    assert.equal(await text(panel, '.match-count'), '1 match');
    assert.equal(await panel.page.locator('svg.graph .node.match').getAttribute('data-node'), named.ipAddress);
    await panel.close();
  });
  for (const zoom of [1, 2]) {
    test(`labels stay readable at ${zoom * 100} % zoom: no link runs through a shown label, no node covers one`, async () => {
      const panel = await loaded(pathLoad(8, 12));
      const overlaps = await panel.page.evaluate((scale) => {
        type El = {
          getBoundingClientRect(): { left: number; right: number; top: number; bottom: number; width: number };
        };
        type PathEl = El & {
          getTotalLength(): number;
          getPointAtLength(l: number): { x: number; y: number; matrixTransform(m: unknown): { x: number; y: number } };
          getScreenCTM(): unknown;
          ownerSVGElement: {
            createSVGPoint(): { x: number; y: number; matrixTransform(m: unknown): { x: number; y: number } };
          };
        };
        const doc = (
          globalThis as unknown as {
            document: {
              querySelector(
                s: string,
              ): { setAttribute(n: string, v: string): void; classList: { add(c: string): void } } | null;
              querySelectorAll(s: string): ArrayLike<unknown>;
            };
          }
        ).document;
        const viewport = doc.querySelector('svg.graph .viewport')!;
        viewport.setAttribute('transform', `translate(0,0) scale(${scale})`);
        doc.querySelector('svg.graph')!.classList.add('zoomed');
        const shown = (
          Array.from(doc.querySelectorAll('svg.graph .node text.label')) as (El & { textContent: string })[]
        )
          .filter((t) => t.getBoundingClientRect().width > 0)
          .map((t) => ({ text: t.textContent, box: t.getBoundingClientRect() }));
        const problems: string[] = [];
        for (const path of Array.from(doc.querySelectorAll('svg.graph path.link')) as PathEl[]) {
          const length = path.getTotalLength();
          const ctm = path.getScreenCTM();
          for (let k = 0; k <= 60; k++) {
            const local = path.getPointAtLength((length * k) / 60);
            const point = path.ownerSVGElement.createSVGPoint();
            point.x = local.x;
            point.y = local.y;
            const screen = point.matrixTransform(ctm);
            for (const label of shown) {
              const b = label.box;
              if (screen.x > b.left + 1 && screen.x < b.right - 1 && screen.y > b.top + 1 && screen.y < b.bottom - 1)
                problems.push(`link through "${label.text}"`);
            }
          }
        }
        for (const shape of Array.from(doc.querySelectorAll('svg.graph .node .shape')) as El[]) {
          const s = shape.getBoundingClientRect();
          for (const label of shown) {
            const b = label.box;
            if (s.left < b.right - 1 && b.left + 1 < s.right && s.top < b.bottom - 1 && b.top + 1 < s.bottom)
              problems.push(`node over "${label.text}"`);
          }
        }
        return { problems: [...new Set(problems)], labels: shown.length };
      }, zoom);
      assert.ok(overlaps.labels > 8, `${overlaps.labels} labels shown`);
      assert.deepEqual(overlaps.problems, []);
      await panel.close();
    });
  }

  test('screenshot for the README (dark theme)', { skip: !process.env.SCREENSHOTS }, async () => {
    const params = pathLoad(14, 14);
    const panel = await loaded({ ...params, highlightAgentId: 'a002' });
    const tunnelHop = params.traces.find((t) => t.agentId === 'a002')!.routes[0]!.hops.find((h) => h.mpls?.length)!;
    await panel.page.locator(`svg.graph [data-node="${tunnelHop.ipAddress}"] .shape`).hover();
    await panel.page.screenshot({ path: join(REPO, 'docs', 'screenshots', 'path-graph.png') });
    await panel.close();
  });
});
