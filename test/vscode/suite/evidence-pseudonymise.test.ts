// Export Evidence… says what identifying data the bundle still holds (in the save dialog's
// title and the notification after writing), and one click on Pseudonymise rewrites the
// file with stand-ins: the agent's name and id, its addresses and the BSSID gone, the same
// stand-in for the same value throughout.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { UserSessionDetailResponse } from '../../../src/api/types';
import type { Prompt } from '../../../src/vscode/ui/prompts';
import { answeringPrompts, apiGet } from './netmon-fixture';
import { openFirstSessionOverview, sendFromWebview, signedInSuite } from './panels-fixture';

describe('Export Evidence: identifying data and Pseudonymise', () => {
  const suite = signedInSuite('netmon-pseudonymise-');

  it('lists what identifies in the export dialog, and Pseudonymise rewrites the file without it', async function () {
    this.timeout(60_000);
    const { userSessionId, overview } = await openFirstSessionOverview();
    const file = join(suite.scratch, 'pseudonymised.html');
    let pseudonymised!: () => void;
    const done = new Promise<void>((resolve) => {
      pseudonymised = resolve;
    });
    const answer = (prompt: Prompt): vscode.Uri | string | undefined => {
      if (prompt.kind === 'save') return vscode.Uri.file(file);
      if (prompt.kind === 'offer' && prompt.actions.includes('Pseudonymise')) return 'Pseudonymise';
      if (prompt.kind === 'offer' && /pseudonymised in/.test(prompt.message)) pseudonymised();
      return undefined;
    };
    const { prompts } = await answeringPrompts(answer, async () => {
      await sendFromWebview(overview, { type: 'exportEvidence', params: { userSessionId } });
      await done;
    });
    const save = prompts.find((p) => p.kind === 'save');
    assert.match(
      save?.kind === 'save' ? save.title : '',
      /^Export evidence for a ticket \(it still holds \d+ public IP address(es)?, \d+ internal IP address(es)?, .*agent or record id.*\)$/,
    );
    const offer = prompts.find((p) => p.kind === 'offer');
    assert.deepEqual(offer?.kind === 'offer' ? offer.actions : [], ['Pseudonymise', 'Open', 'Show in Explorer']);

    const html = readFileSync(file, 'utf8');
    const {
      userSessions: [session],
    } = await apiGet<UserSessionDetailResponse>(suite.emulator, `/v6/endpoint-data/user-sessions/${userSessionId}`);
    const profile = session!.network.networkProfile;
    for (const value of [String(session!.agentId), profile.ipAddress, profile.gateway, String(session!.sourceAddr)]) {
      assert.equal(html.includes(value), false, `${value} is not in the pseudonymised file`);
    }
    assert.match(html, /Pseudonymised: addresses, BSSIDs, ids and names were replaced/);
  });
});
