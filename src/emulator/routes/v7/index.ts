// Every route of the v7 dialect (the current service), one module per area.
import type { Route } from '../../http/router';
import type { EmulatorState } from '../state';
import { v7AccountRoutes } from './account';
import { v7AlertRoutes } from './alerts';
import { v7EndpointAgentRoutes } from './endpoint-agents';
import { v7EndpointTestRoutes } from './endpoint-tests';
import { v7EnterpriseResultRoutes } from './enterprise-results';
import { v7InstantTestRoutes } from './instant-tests';
import { v7RealUserRoutes } from './real-user-tests';
import { v7TestManagementRoutes } from './test-management';
import { v7TestResultRoutes } from './test-results';

export function v7Routes(state: EmulatorState): Route[] {
  return [
    ...v7EndpointAgentRoutes(state),
    ...v7RealUserRoutes(state),
    ...v7EndpointTestRoutes(state),
    ...v7TestResultRoutes(state),
    ...v7InstantTestRoutes(state),
    ...v7TestManagementRoutes(state),
    ...v7AccountRoutes(state),
    ...v7EnterpriseResultRoutes(state),
    ...v7AlertRoutes(state),
  ];
}
