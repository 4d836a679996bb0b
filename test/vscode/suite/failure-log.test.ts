// A command that fails says so in a notification with Show Log, and the Netmon log keeps the
// same line after the notification is gone (its advice may say "check the Netmon log").
import assert from 'node:assert/strict';
import { describe, it } from 'mocha';
import * as vscode from 'vscode';
import { netmonApi, netmonLogText } from './netmon-fixture';

describe('failures in the Netmon log', () => {
  it("a command's failure is written to the Netmon log, as the notification says it", async () => {
    await netmonApi();
    const result: unknown = await vscode.commands.executeCommand('netmon.openSessionOverview', { not: 'a session' });
    assert.equal(result, undefined, 'the command failed and answered nothing');
    const log = await netmonLogText('Run this command on a user session in the Netmon view, or pass a session id');
    assert.match(log, /Opening the session overview.*Run this command on a user session/);
  });
});
