// The filter box's completion list: the keys a typed word starts, then the values this HAR
// holds for the key (src/analysis/har/filter-complete.ts). Arrows move, Enter or Tab
// accepts, Escape closes; the active suggestion is announced (the input lives in the text
// field's shadow root, where aria-activedescendant cannot reach).
import {
  applyCompletion,
  filterCompletions,
  type FilterCompletion,
  type FilterValues,
} from '../../src/analysis/har/filter-complete';
import { el } from '../shared/dom';

export class FilterSuggest {
  readonly element = el('ul', {
    class: 'har-suggest',
    role: 'listbox',
    'aria-label': 'Filter suggestions',
    hidden: true,
  });
  readonly announcer = el('span', { class: 'har-sr-only', role: 'status', 'aria-live': 'polite' });
  private items: FilterCompletion[] = [];
  private active = 0;
  private values: FilterValues = {};

  constructor(
    private readonly box: HTMLElement & { value: string },
    private readonly accepted: (text: string) => void,
  ) {
    // mousedown, not click: the text field keeps the focus.
    this.element.addEventListener('mousedown', (event) => {
      const option = (event.target as HTMLElement).closest('li');
      const index = option ? Number(option.getAttribute('data-index')) : NaN;
      if (!Number.isInteger(index)) return;
      event.preventDefault();
      this.accept(index);
    });
    box.addEventListener('blur', () => this.close());
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  setValues(values: FilterValues): void {
    this.values = values;
  }

  /** After each keystroke in the box. */
  update(): void {
    this.items = filterCompletions(this.box.value, this.values).items;
    this.active = 0;
    this.draw();
  }

  /** A key in the box; true when the list used it. */
  handleKey(event: KeyboardEvent): boolean {
    if (!this.isOpen) return false;
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
    if (event.key in moves) {
      this.active = (this.active + (moves[event.key] ?? 0) + this.items.length) % this.items.length;
      this.draw();
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      this.accept(this.active);
    } else if (event.key === 'Escape') {
      this.close();
    } else {
      return false;
    }
    event.preventDefault();
    event.stopPropagation();
    return true;
  }

  close(): void {
    this.items = [];
    this.draw();
  }

  private accept(index: number): void {
    const item = this.items[index];
    if (!item) return;
    this.box.value = applyCompletion(this.box.value, item);
    this.accepted(this.box.value);
    this.update();
  }

  private draw(): void {
    this.element.hidden = this.items.length === 0;
    this.element.replaceChildren(
      ...this.items.map((item, i) =>
        el(
          'li',
          {
            role: 'option',
            'data-index': i,
            'aria-selected': String(i === this.active),
            class: i === this.active ? 'active' : undefined,
          },
          el('span', { class: 'har-suggest-label' }, item.label),
          el('span', { class: 'har-suggest-detail' }, item.detail),
        ),
      ),
    );
    const current = this.items[this.active];
    this.announcer.textContent = current ? `${this.items.length} suggestions. ${current.label} ${current.detail}` : '';
  }
}
