// Where Netmon opens what it shows beside the editor (results, plans, panels): one group beside
// the one in use, reused. Five plans and panels once made five columns of 250 px; Netmon's own
// actions never open a third group.
import * as vscode from 'vscode';

/**
 * The group beside the one in use: the second when the first is in use, else the first; a new
 * group only when there is one group.
 */
export function besideColumn(): vscode.ViewColumn {
  if (vscode.window.tabGroups.all.length < 2) return vscode.ViewColumn.Beside;
  const active = vscode.window.tabGroups.activeTabGroup.viewColumn;
  return active === vscode.ViewColumn.One ? vscode.ViewColumn.Two : vscode.ViewColumn.One;
}
