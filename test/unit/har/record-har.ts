// Records a real HAR: Debian Chromium (playwright-core's recordHar) loads a small site
// served by node:http on a random loopback port — html, css, js, images, a redirect,
// a 404 and a fetch — so the reader is tested on what a browser really writes.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../../webview/helpers/panel';

// 1×1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const PAGE = `<!doctype html><html><head><title>Portal home</title>
<link rel="stylesheet" href="/style.css"><script src="/app.js"></script></head>
<body><h1>Portal</h1><img src="/logo.png"><img src="/old-logo.png"><img src="/missing.png"></body></html>`;

function site(): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    switch (url.pathname) {
      case '/':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'set-cookie': 'session=abc%20def; Path=/' });
        res.end(PAGE);
        return;
      case '/style.css':
        res.writeHead(200, { 'content-type': 'text/css' });
        res.end('body{font:14px sans-serif}'.repeat(50));
        return;
      case '/app.js':
        res.writeHead(200, { 'content-type': 'text/javascript' });
        res.end('fetch("/api/data.json?user=7&q=a%20b").then(r=>r.json());');
        return;
      case '/api/data.json':
        setTimeout(() => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"ok":true}');
        }, 30);
        return;
      case '/logo.png':
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(PNG);
        return;
      // The redirect waits 60 ms, so it costs what a real one does (a loopback hop takes ~1 ms): insights name it on any machine.
      case '/old-logo.png':
        setTimeout(() => {
          res.writeHead(302, { location: '/logo.png?v=2' });
          res.end();
        }, 60);
        return;
      default:
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
    }
  });
}

export interface RecordedHar {
  har: unknown;
  origin: string;
}

export async function recordSiteHar(): Promise<RecordedHar> {
  const server = site();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const dir = mkdtempSync(join(tmpdir(), 'netmon-har-'));
  const harPath = join(dir, 'site.har');
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ recordHar: { path: harPath, content: 'omit' } });
    const page = await context.newPage();
    await page.goto(`${origin}/`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await context.close();
    return { har: JSON.parse(readFileSync(harPath, 'utf8')) as unknown, origin };
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}
