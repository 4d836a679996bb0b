// What this workspace last deployed, per connection and account group: the service's own
// answer to each create and update. The published API lists no enterprise tests (only
// the emulator answers GET /v7/tests), so Plan compares with these records when the
// service cannot list what is deployed, like Terraform's state.
import { documentsLibrary as lib } from './library';
import type * as vscode from 'vscode';
import type { EnterpriseTest } from '../../api/types';
import type { DeployedTest } from '../../documents';

type Records = Record<string, DeployedTest>;

export class DeploymentRecords {
  constructor(private readonly state: vscode.Memento) {}

  list(connectionKey: string, aidKey: string): DeployedTest[] {
    return Object.values(this.read(connectionKey, aidKey));
  }

  async record(connectionKey: string, aidKey: string, test: EnterpriseTest | undefined): Promise<void> {
    if (!test) return;
    const all = this.read(connectionKey, aidKey);
    all[String(test.testId)] = lib().toDeployedTest(test);
    await this.state.update(stateKey(connectionKey, aidKey), all);
  }

  async forget(connectionKey: string, aidKey: string, testId: number): Promise<void> {
    const all = this.read(connectionKey, aidKey);
    delete all[String(testId)];
    await this.state.update(stateKey(connectionKey, aidKey), all);
  }

  private read(connectionKey: string, aidKey: string): Records {
    return { ...this.state.get<Records>(stateKey(connectionKey, aidKey), {}) };
  }
}

function stateKey(connectionKey: string, aidKey: string): string {
  return `netmon.deployed:${connectionKey}:${aidKey}`;
}
