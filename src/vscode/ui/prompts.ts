// The questions that guard writes and shape what is written: a modal confirmation, a
// choice from a list, and the save dialog. Commands get
// this object, never an argument that answers for the user. Outside production mode the
// extension-host suites may answer in the user's place (through activate()'s test API);
// every question is still asked through here, so a suite sees what the user would see.
import * as vscode from 'vscode';
import { neutralize } from '../../analysis/text/untrusted';
import { showError, showInfo, showModal } from './notify';
import { pick, searchPick } from './quick-pick';

export interface ConfirmPrompt {
  kind: 'confirm';
  message: string;
  detail: string;
  actions: readonly string[];
}
/** `error`: a failure (an error notification), with what may be done next. */
export interface OfferPrompt {
  kind: 'offer';
  message: string;
  actions: readonly string[];
  error?: boolean;
}
export interface SavePrompt {
  kind: 'save';
  title: string;
  defaultUri?: vscode.Uri;
  filters?: Readonly<Record<string, readonly string[]>>;
}
export interface OpenPrompt {
  kind: 'open';
  title: string;
}
/** A folder to write into (the open dialog, folders only). */
export interface FolderPrompt {
  kind: 'folder';
  title: string;
}
export interface ChoosePrompt {
  kind: 'choose';
  title: string;
  labels: readonly string[];
  many: boolean;
}
export interface InputPrompt {
  kind: 'input';
  title: string;
  prompt: string;
}
/** Answered with what the user types; the first match is taken, as Enter would. */
export interface SearchPrompt {
  kind: 'search';
  title: string;
  matches: (query: string) => readonly string[];
}
export type Prompt =
  ConfirmPrompt | OfferPrompt | SavePrompt | OpenPrompt | FolderPrompt | ChoosePrompt | InputPrompt | SearchPrompt;

/**
 * Answers a prompt: an action's title for `confirm`, a file for `save` and `open`, a folder for `folder`, a label
 * (or, for a multi-choice, labels) for `choose`; undefined to cancel.
 */
export type PromptResponder = (prompt: Prompt) => string | readonly string[] | vscode.Uri | undefined;

export class Prompts {
  private responder: PromptResponder | undefined;

  constructor(private readonly mayRespond: boolean) {}

  /** Test API only: `undefined` gives the questions back to the user. */
  respondWith(responder: PromptResponder | undefined): void {
    if (!this.mayRespond) throw new Error('prompts are answered by the user in production');
    this.responder = responder;
  }

  /** A modal with the caller's actions; resolves to the chosen one, undefined when dismissed. */
  async confirm<T extends string>(message: string, detail: string, ...actions: T[]): Promise<T | undefined> {
    const prompt: ConfirmPrompt = {
      kind: 'confirm',
      message: neutralize(message),
      detail: neutralize(detail),
      actions,
    };
    if (this.responder) {
      const answer = this.responder(prompt);
      return actions.find((action) => action === answer);
    }
    return showModal(message, detail, ...actions);
  }

  /** A non-modal offer (a notification with buttons): the next step the user may take. */
  async offer<T extends string>(message: string, ...actions: T[]): Promise<T | undefined> {
    if (this.responder) {
      const answer = this.responder({ kind: 'offer', message: neutralize(message), actions });
      return actions.find((action) => action === answer);
    }
    return showInfo(message, ...actions);
  }

  /** A failure, as an error notification, with the next steps the user may take. */
  async fail<T extends string>(message: string, ...actions: T[]): Promise<T | undefined> {
    if (this.responder) {
      const answer = this.responder({ kind: 'offer', message: neutralize(message), actions, error: true });
      return actions.find((action) => action === answer);
    }
    return showError(message, ...actions);
  }

  /** A quick pick of the caller's items (neutralised as every quick pick is). */
  async choose<T extends vscode.QuickPickItem>(
    items: readonly T[],
    options: { title: string; placeHolder?: string },
  ): Promise<T | undefined> {
    if (this.responder) {
      const answer = this.responder({
        kind: 'choose',
        title: options.title,
        labels: items.map((i) => i.label),
        many: false,
      });
      return items.find((item) => item.label === answer);
    }
    return pick(items, { ...options, ignoreFocusOut: true });
  }

  /** A multi-select quick pick; items with `picked` start selected. */
  async chooseMany<T extends vscode.QuickPickItem>(
    items: readonly T[],
    options: { title: string; placeHolder?: string },
  ): Promise<T[] | undefined> {
    if (this.responder) {
      const answer = this.responder({
        kind: 'choose',
        title: options.title,
        labels: items.map((i) => i.label),
        many: true,
      });
      if (answer === undefined || answer instanceof vscode.Uri) return undefined;
      const labels = typeof answer === 'string' ? [answer] : answer;
      return items.filter((item) => labels.includes(item.label));
    }
    return pick(items, { ...options, canPickMany: true, ignoreFocusOut: true });
  }

  /** A quick pick that searches as one types (`search` gives the best matches of a query). */
  async search<T extends vscode.QuickPickItem>(options: {
    title: string;
    placeHolder: string;
    search: (query: string) => readonly T[];
  }): Promise<T | undefined> {
    if (this.responder) {
      const answer = this.responder({
        kind: 'search',
        title: options.title,
        matches: (query) => options.search(query).map((item) => item.label),
      });
      return typeof answer === 'string' ? options.search(answer)[0] : undefined;
    }
    return searchPick(options);
  }

  /** A line of text; `validate` returns what is wrong with it (the answer of a suite is checked too). */
  async ask(options: {
    title: string;
    prompt: string;
    validate?: (text: string) => string | undefined;
  }): Promise<string | undefined> {
    if (this.responder) {
      const answer = this.responder({ kind: 'input', title: options.title, prompt: options.prompt });
      if (typeof answer !== 'string') return undefined;
      const problem = options.validate?.(answer);
      if (problem) throw new Error(`${options.title}: ${problem}`);
      return answer;
    }
    return vscode.window.showInputBox({
      title: options.title,
      prompt: options.prompt,
      ignoreFocusOut: true,
      validateInput: options.validate,
    });
  }

  async saveLocation(options: vscode.SaveDialogOptions & { title: string }): Promise<vscode.Uri | undefined> {
    if (this.responder) {
      const answer = this.responder({
        kind: 'save',
        title: options.title,
        defaultUri: options.defaultUri,
        filters: options.filters,
      });
      return answer instanceof vscode.Uri ? answer : undefined;
    }
    return vscode.window.showSaveDialog(options);
  }

  /** One existing file, chosen in the open dialog. */
  async openLocation(options: vscode.OpenDialogOptions & { title: string }): Promise<vscode.Uri | undefined> {
    if (this.responder) {
      const answer = this.responder({ kind: 'open', title: options.title });
      return answer instanceof vscode.Uri ? answer : undefined;
    }
    const [uri] =
      (await vscode.window.showOpenDialog({
        ...options,
        canSelectMany: false,
        canSelectFiles: true,
        canSelectFolders: false,
      })) ?? [];
    return uri;
  }

  /** One existing folder, chosen in the open dialog. */
  async folderLocation(options: {
    title: string;
    openLabel: string;
    defaultUri?: vscode.Uri;
  }): Promise<vscode.Uri | undefined> {
    if (this.responder) {
      const answer = this.responder({ kind: 'folder', title: options.title });
      return answer instanceof vscode.Uri ? answer : undefined;
    }
    const [uri] =
      (await vscode.window.showOpenDialog({
        ...options,
        canSelectMany: false,
        canSelectFiles: false,
        canSelectFolders: true,
      })) ?? [];
    return uri;
  }
}
