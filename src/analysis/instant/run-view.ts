// An enterprise test run now (v7: a document as an instant test, or a deployed test again) as
// the instant results panel and its text show it, redrawn at each read of the wait: a row
// per agent that answered — with the network's numbers or the HTTP phases where the run's
// results have them, its health and why otherwise — and the agents still waited for.
import { resultKindsOf, type TestResult, type TestResultKind } from '../../api/types';
import type { AgentHealth, Health } from '../results/health';
import {
  gradeSummary,
  instantRows,
  type Grade,
  type InstantLayout,
  type InstantResultsView,
  type InstantRow,
} from './results';

export interface EnterpriseRunState {
  testId: number;
  testName: string;
  type: string;
  kind: TestResultKind;
  /** An instant test (a document run before it is deployed), or a deployed test run again. */
  instant: boolean;
  /** The test's agents by id, for the names of those that have not answered. */
  agentNames: ReadonlyMap<string, string>;
  answered: readonly AgentHealth[];
  waitingFor: readonly string[];
  records: readonly TestResult[];
  /** `failed`: reading the results failed (the error is said where the run was started). */
  phase: 'running' | 'done' | 'cancelled' | 'failed';
  notes?: readonly string[];
}

const GRADE_OF: Record<Health, Grade> = { ok: 'ok', degraded: 'warn', unknown: 'warn', failing: 'bad' };
const LAYOUT_OF: Partial<Record<TestResultKind, InstantLayout>> = { network: 'network', 'http-server': 'http' };

export function enterpriseRunView(run: EnterpriseRunState): InstantResultsView {
  const layout = LAYOUT_OF[run.kind] ?? 'health';
  const rows = runRows(run, layout);
  const waiting = run.waitingFor.map((agentId) => ({ agentId, agent: run.agentNames.get(agentId) ?? agentId }));
  const how = run.instant ? 'instant run' : 'run now';
  return {
    source: 'enterprise',
    layout,
    testId: run.testId,
    testName: run.testName,
    type: run.type,
    rows,
    waiting,
    running: run.phase === 'running',
    links: !run.instant && resultKindsOf(run.type).includes('network'),
    heading: `${run.testName} (${run.type} ${how}, test ${run.testId})`,
    summary: `${gradeSummary(rows)}${waiting.length > 0 ? `; ${waiting.length} ${phaseWord(run.phase)}` : ''}`,
    notes: [...(run.notes ?? []), phaseNote(run, waiting.length)],
  };
}

function phaseWord(phase: EnterpriseRunState['phase']): string {
  return phase === 'running' ? 'waiting' : 'without an answer';
}

function phaseNote(run: EnterpriseRunState, waiting: number): string {
  if (run.phase === 'cancelled')
    return 'Stopped waiting (Cancel): the agents still run the test at the service; its results stay in the account.';
  if (run.phase === 'failed')
    return (
      'Stopped waiting: reading the results failed (the notification says why); ' +
      'the agents still run the test at the service.'
    );
  if (run.phase === 'running')
    return `Waiting for ${waiting} of ${run.answered.length + waiting} agents; the table fills in as they answer.`;
  return waiting > 0 ? `${waiting} agent${waiting === 1 ? '' : 's'} did not answer in time.` : 'Every agent answered.';
}

/** Numbers from the run's own records where the panel has columns for them; the health otherwise. */
function runRows(run: EnterpriseRunState, layout: InstantLayout): InstantRow[] {
  const name = (agentId: string): string | undefined =>
    run.agentNames.get(agentId) ?? run.answered.find((a) => a.agentId === agentId)?.agentName;
  if (layout !== 'health') {
    const rows = instantRows(layout === 'http' ? 'http-server' : 'agent-to-server', run.records, name);
    // The health's reason says what the numbers mean (100% loss: unreachable).
    return rows.map((row) => ({ ...row, reason: run.answered.find((a) => a.agentId === row.agentId)?.reason }));
  }
  return run.answered.map((agent) => ({
    agentId: agent.agentId,
    agent: name(agent.agentId) ?? agent.agentId,
    grade: GRADE_OF[agent.health],
    reason: agent.reason,
    ...(agent.health === 'failing' ? { error: agent.reason } : {}),
  }));
}
