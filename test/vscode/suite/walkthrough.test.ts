// The "Get started" walkthrough: contributed with four steps, each with a button whose
// command exists and a completion event; the buttons do their step in demo mode with no
// account: the view opens on the demo account, a session and its waterfall open, a new
// document is created and deployed, and a folder is planned.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { Plan } from '../../../src/documents';
import { EXTENSION_ID } from '../helpers';
import { closeEditors, workspaceScratch } from './documents-fixture';
import { acceptConfirmations, answeringPrompts, netmonApi, signOut } from './netmon-fixture';
import { waitForPanels } from './panels-fixture';

interface Step {
  id: string;
  title: string;
  description: string;
  completionEvents: string[];
  media: { markdown: string };
}

describe('the Get started walkthrough', () => {
  let scratch: ReturnType<typeof workspaceScratch>;
  before(async () => {
    await netmonApi();
    await signOut();
    scratch = workspaceScratch('walkthrough');
  });
  after(async () => {
    await closeEditors();
    scratch.remove();
    await signOut();
  });

  it('is contributed with four steps, each a button of a registered command and a completion event', async () => {
    const walkthroughs = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON.contributes.walkthroughs as {
      id: string;
      steps: Step[];
    }[];
    assert.equal(walkthroughs.length, 1);
    const steps = walkthroughs[0]!.steps;
    assert.deepEqual(
      steps.map((s) => s.id),
      ['explore', 'session', 'document', 'plan'],
    );
    const registered = new Set(await vscode.commands.getCommands(true));
    for (const step of steps) {
      const command = /\(command:([\w.]+)\)/.exec(step.description)?.[1];
      assert.ok(command && registered.has(command), `${step.id}: button command ${command} is registered`);
      assert.ok(step.completionEvents.length > 0, `${step.id} has a completion event`);
      const media = vscode.Uri.joinPath(
        vscode.extensions.getExtension(EXTENSION_ID)!.extensionUri,
        step.media.markdown,
      );
      assert.ok((await vscode.workspace.fs.readFile(media)).byteLength > 100, `${step.media.markdown} exists`);
    }
  });

  it('its buttons do each step in demo mode, with no account', async function () {
    this.timeout(90_000);
    const api = await netmonApi();
    const connected = (): string | undefined => api.connection.current?.kind;
    assert.equal(connected(), undefined, 'starts signed out');

    await vscode.commands.executeCommand('netmon.walkthrough.explore');
    assert.equal(connected(), 'demo');

    const waterfallId = await vscode.commands.executeCommand<string | undefined>('netmon.walkthrough.openSession');
    assert.equal(typeof waterfallId, 'string');
    // The overview opens first; the waterfall opens in front of it and draws the page.
    const drawn = await waitForPanels('the session and its waterfall', (states) => {
      const waterfall = states.find((s) => s.id === waterfallId && s.kind === 'waterfall' && s.renders > 0);
      return waterfall && states.some((s) => s.kind === 'session') ? states : undefined;
    });
    assert.equal(drawn.find((s) => s.id === waterfallId)?.visible, true);

    // Written in the workspace's new-document folder (netmon-tests/), moved into the scratch folder to plan it alone.
    const { result: written } = await answeringPrompts(
      (prompt) => {
        if (prompt.kind === 'choose') return prompt.many ? prompt.labels.slice(0, 1) : 'HTTP server test';
        return undefined;
      },
      () => vscode.commands.executeCommand<vscode.Uri | undefined>('netmon.documents.new'),
    );
    assert.ok(written, 'the new document was written');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    const target = vscode.Uri.joinPath(scratch.folder, 'portal.netmon-test.json');
    await vscode.workspace.fs.rename(written, target);
    await answeringPrompts(acceptConfirmations, () =>
      vscode.commands.executeCommand('netmon.documents.create', target),
    );
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(target));
    assert.match(text, /"deployments": \{\s*"demo": \{\s*"\d+": \d+/, 'deployed and bound to the demo account');

    const planned = await vscode.commands.executeCommand<{ plan: Plan } | undefined>(
      'netmon.documents.plan',
      scratch.folder,
    );
    assert.deepEqual(planned?.plan.steps, [], 'the deployed document plans as unchanged');
    assert.equal(planned?.plan.unchanged.length, 1);
  });
});
