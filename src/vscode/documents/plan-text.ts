// The plan text of src/documents with document names relative to the workspace.
import * as vscode from 'vscode';
import type { Plan } from '../../documents';
import { documentsLibrary as lib } from './library';

export function renderPlan(plan: Plan, heading: string): string {
  return lib().renderPlan(plan, heading, (uri) => vscode.workspace.asRelativePath(vscode.Uri.parse(uri)));
}
