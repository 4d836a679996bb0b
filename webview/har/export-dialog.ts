// "Export HAR…": a dialog that shows what a redacted export removes (rule by rule, each
// expandable to where), then offers the redacted file first and the HAR as recorded second,
// saying what that one keeps. The host computes the preview and writes the file.
import type { RedactionPreview } from '../../src/analysis/har/redact-preview';
import { el } from '../shared/dom';

export interface ExportEvents {
  preview(): void;
  save(redacted: boolean): void;
}

export class ExportDialog {
  readonly element = el('dialog', { class: 'har-export', 'aria-labelledby': 'har-export-title' });

  constructor(private readonly events: ExportEvents) {}

  /** Opens the dialog and asks the host for the preview. */
  open(): void {
    this.element.replaceChildren(
      el('h2', { id: 'har-export-title' }, 'Export HAR'),
      el('p', { role: 'status' }, 'Checking what to redact…'),
      this.buttons(false),
    );
    if (!this.element.open) this.element.showModal();
    this.events.preview();
  }

  show(preview: RedactionPreview): void {
    if (!this.element.open) return;
    const summary =
      preview.total === 0
        ? `Nothing to redact in ${preview.entries} requests.`
        : `Redaction removes ${preview.total} values from ${preview.entries} requests. Timings, sizes, ` +
          'statuses, header names and the shape of URLs are kept.';
    const rules = preview.rules.map((rule) =>
      el(
        'details',
        {},
        el('summary', {}, `${rule.description}: ${rule.count}`),
        el(
          'ul',
          {},
          ...rule.locations.map((where) => el('li', {}, where)),
          rule.more > 0 ? el('li', {}, `and ${rule.more} more`) : null,
        ),
      ),
    );
    this.element.replaceChildren(
      el('h2', { id: 'har-export-title' }, 'Export HAR'),
      el('p', { role: 'status' }, summary),
      ...rules,
      this.buttons(true),
    );
    this.element.querySelector<HTMLButtonElement>('button.primary')?.focus();
  }

  private buttons(ready: boolean): HTMLElement {
    const redacted = el(
      'button',
      { type: 'button', class: 'har-button primary', disabled: !ready },
      'Save Redacted HAR…',
    );
    const raw = el(
      'button',
      {
        type: 'button',
        class: 'har-button',
        disabled: !ready,
        title: 'Keeps every cookie, token, password and response body as recorded',
      },
      'Save Unredacted HAR (keeps secrets)…',
    );
    const cancel = el('button', { type: 'button', class: 'har-button' }, 'Cancel');
    redacted.addEventListener('click', () => {
      this.element.close();
      this.events.save(true);
    });
    raw.addEventListener('click', () => {
      this.element.close();
      this.events.save(false);
    });
    cancel.addEventListener('click', () => this.element.close());
    return el('div', { class: 'har-export-buttons' }, redacted, raw, cancel);
  }
}
