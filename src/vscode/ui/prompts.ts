// The questions that guard writes: a modal confirmation and the save dialog. Commands get
// this object, never an argument that answers for the user. Outside production mode the
// extension-host suites may answer in the user's place (through activate()'s test API);
// every question is still asked through here, so a suite sees what the user would see.
import * as vscode from 'vscode';
import { neutralize } from '../../analysis/text/untrusted';
import { showInfo, showModal } from './notify';

export interface ConfirmPrompt { kind: 'confirm'; message: string; detail: string; actions: readonly string[] }
export interface OfferPrompt { kind: 'offer'; message: string; actions: readonly string[] }
export interface SavePrompt { kind: 'save'; title: string; defaultUri?: vscode.Uri }
export type Prompt = ConfirmPrompt | OfferPrompt | SavePrompt;

/** Answers a prompt: an action's title for `confirm`, a file for `save`, undefined to cancel. */
export type PromptResponder = (prompt: Prompt) => string | vscode.Uri | undefined;

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
    const prompt: ConfirmPrompt = { kind: 'confirm', message: neutralize(message), detail: neutralize(detail), actions };
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

  async saveLocation(options: vscode.SaveDialogOptions & { title: string }): Promise<vscode.Uri | undefined> {
    if (this.responder) {
      const answer = this.responder({ kind: 'save', title: options.title, defaultUri: options.defaultUri });
      return answer instanceof vscode.Uri ? answer : undefined;
    }
    return vscode.window.showSaveDialog(options);
  }
}
