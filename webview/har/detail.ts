// The detail pane of one request: general facts, request and response headers, query
// string and post data, the response body (as text only: never rendered or run), cookies
// (values exactly as the HAR has them), and timings.
import '@vscode-elements/elements/dist/vscode-tabs/index.js';
import '@vscode-elements/elements/dist/vscode-tab-header/index.js';
import '@vscode-elements/elements/dist/vscode-tab-panel/index.js';
import { formatBytes, formatMs, PHASES, type NameValue, type WaterfallRow } from '../../src/analysis/har';
import { el, isSafeLink } from '../shared/dom';
import { PHASE_COLORS, PHASE_LABELS } from '../shared/har-phases';
import type { ResponseBody } from '../../src/analysis/har/body';
import { requestFacts, serverTimingPairs, waitSplitText } from '../../src/analysis/har/request-notes';

export interface DetailEvents {
  close(): void;
  openExternal(url: string): void;
  /** The response body of the entry at this file position. */
  body(index: number): ResponseBody;
  /** The whole body in an editor (the host reads it from its copy of the HAR). */
  openBody?(index: number): void;
}

export class DetailPane {
  readonly element = el('aside', { class: 'har-detail', hidden: true, 'aria-label': 'Request details' });
  private readonly name = el('span', { class: 'har-detail-name' });
  private readonly body = el('div', { class: 'har-detail-body' });
  private tab = 0;
  shownIndex = -1;

  constructor(private readonly events: DetailEvents) {
    const close = el(
      'button',
      { type: 'button', class: 'har-button', title: 'Close (Esc)', 'aria-label': 'Close details' },
      '✕',
    );
    close.addEventListener('click', () => events.close());
    this.element.append(el('div', { class: 'har-detail-head' }, this.name, close), this.body);
    this.element.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        events.close();
      }
    });
    // Links open through the host (VS Code's opener), and only ever for http(s).
    this.element.addEventListener('click', (e) => {
      const link = e.target instanceof Element ? e.target.closest('a') : null;
      if (!link) return;
      e.preventDefault();
      const href = link.getAttribute('href') ?? '';
      if (isSafeLink(href)) events.openExternal(href);
    });
  }

  get open(): boolean {
    return !this.element.hidden;
  }

  show(row: WaterfallRow): void {
    const { entry } = row;
    this.shownIndex = entry.index;
    this.name.textContent = entry.name || entry.url;
    this.name.title = entry.url;
    const tabs = el('vscode-tabs', { 'selected-index': this.tab });
    tabs.addEventListener('vsc-tabs-select', (e) => {
      this.tab = e.detail.selectedIndex;
    });
    const panels: [string, HTMLElement][] = [
      ['Headers', this.headers(row)],
      ['Payload', this.payload(row)],
      ['Response', this.response(row)],
      ['Cookies', this.cookies(row)],
      ['Timing', this.timing(row)],
    ];
    for (const [title, content] of panels) {
      tabs.append(el('vscode-tab-header', { slot: 'header' }, title), el('vscode-tab-panel', {}, content));
    }
    this.body.replaceChildren(tabs);
    this.element.hidden = false;
  }

  hide(): void {
    this.element.hidden = true;
    this.shownIndex = -1;
  }

  private headers({ entry }: WaterfallRow): HTMLElement {
    const general: NameValue[] = [
      { name: 'Request URL', value: entry.url },
      { name: 'Request method', value: entry.method },
      { name: 'Status code', value: entry.status > 0 ? `${entry.status} ${entry.statusText}`.trim() : '(failed)' },
      { name: 'HTTP version', value: entry.httpVersion },
      { name: 'Remote address', value: entry.serverIPAddress },
      { name: 'Connection', value: entry.connection },
      { name: 'Type', value: `${entry.resourceType}${entry.mimeType ? ` (${entry.mimeType})` : ''}` },
      { name: 'Transferred', value: formatBytes(entry.transferBytes) },
      { name: 'Resource size', value: formatBytes(entry.contentBytes) },
      { name: 'Redirects to', value: entry.redirectURL },
      ...requestFacts(entry),
    ].filter((pair) => pair.value !== '');
    return el(
      'div',
      {},
      section('General', keyValues(general, new Set(['Request URL', 'Redirects to']))),
      section(`Response headers (${entry.responseHeaders.length})`, keyValues(entry.responseHeaders)),
      section(`Request headers (${entry.requestHeaders.length})`, keyValues(entry.requestHeaders)),
    );
  }

  private payload({ entry }: WaterfallRow): HTMLElement {
    return el(
      'div',
      {},
      section(`Query string parameters (${entry.queryString.length})`, keyValues(entry.queryString)),
      entry.postData
        ? section(
            `Request body (${entry.postData.mimeType || 'unknown type'})`,
            el('pre', { class: 'har-kv' }, entry.postData.text),
          )
        : null,
    );
  }

  private response({ entry }: WaterfallRow): HTMLElement {
    const body = this.events.body(entry.index);
    if (body.kind === 'none') return el('p', { class: 'har-empty' }, body.reason);
    if (body.kind === 'binary')
      return el(
        'p',
        { class: 'har-empty' },
        `Binary content (${body.mimeType || 'unknown type'}, ${formatBytes(body.bytes)}): not shown.`,
      );
    const { openBody } = this.events;
    const open = openBody ? el('button', { type: 'button', class: 'har-button' }, 'Open in Editor') : null;
    open?.addEventListener('click', () => openBody?.(entry.index));
    const notes = [
      body.language.toUpperCase(),
      body.decoded ? 'decoded from base64' : '',
      body.pretty ? 'indented for reading' : 'as recorded',
      body.truncated
        ? `first ${body.text.length.toLocaleString('en-US')} of ${body.totalChars.toLocaleString('en-US')} characters`
        : '',
    ]
      .filter(Boolean)
      .join(' · ');
    return el(
      'div',
      {},
      el('div', { class: 'har-response-head' }, el('span', { class: 'har-muted' }, notes), open),
      el(
        'pre',
        { class: 'har-response-body', tabindex: 0, 'aria-label': `Response body, ${body.language}` },
        body.text,
      ),
    );
  }

  private cookies({ entry }: WaterfallRow): HTMLElement {
    return el(
      'div',
      {},
      section(`Request cookies (${entry.requestCookies.length})`, keyValues(entry.requestCookies)),
      section(`Response cookies (${entry.responseCookies.length})`, keyValues(entry.responseCookies)),
    );
  }

  private timing(row: WaterfallRow): HTMLElement {
    const table = el('table', { class: 'har-timing' });
    const total = Math.max(row.entry.totalMs, 0.001);
    let at = 0;
    table.append(
      el('tr', {}, el('td', {}, 'Started at'), el('td', { class: 'har-num' }, formatMs(row.offsetMs)), el('td', {})),
    );
    for (const phase of PHASES) {
      const duration = row.entry.phases[phase];
      const bar = el('span', {});
      bar.style.background = PHASE_COLORS[phase];
      bar.style.left = `${(at / total) * 100}%`;
      bar.style.width = `${(duration / total) * 100}%`;
      at += duration;
      table.append(
        el(
          'tr',
          { class: duration > 0 ? '' : 'har-muted' },
          el('td', {}, PHASE_LABELS[phase]),
          el('td', { class: 'har-num' }, formatMs(duration)),
          el('td', { class: 'har-timing-bar' }, duration > 0 ? bar : null),
        ),
      );
    }
    table.append(
      el(
        'tr',
        {},
        el('td', {}, el('b', {}, 'Total')),
        el('td', { class: 'har-num' }, el('b', {}, formatMs(row.entry.totalMs))),
        el('td', {}),
      ),
    );
    const split = waitSplitText(row.entry);
    const serverTiming = row.entry.serverTiming.length
      ? section(
          `Server-Timing (${row.entry.serverTiming.length})`,
          el(
            'div',
            {},
            split ? el('p', { class: 'har-wait-split' }, split) : null,
            keyValues(serverTimingPairs(row.entry)),
          ),
        )
      : null;
    return el('div', {}, section('Timing', table), serverTiming);
  }
}

function section(title: string, content: Node): HTMLElement {
  return el('section', { class: 'har-section' }, el('h3', {}, title), content);
}

/** Name/value pairs as a definition list; `linkNames` values become links when http(s). */
function keyValues(pairs: readonly NameValue[], linkNames: ReadonlySet<string> = new Set()): HTMLElement {
  if (pairs.length === 0) return el('p', { class: 'har-empty' }, 'None');
  const list = el('dl', { class: 'har-kv' });
  for (const { name, value } of pairs) {
    const shown =
      linkNames.has(name) && isSafeLink(value)
        ? el('a', { href: value, target: '_blank', rel: 'noopener noreferrer' }, value)
        : value;
    list.append(el('dt', {}, name), el('dd', {}, shown));
  }
  return list;
}
