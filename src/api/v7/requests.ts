// Our request bodies in v7's words: test management takes agent ids as strings; instant
// tests name their flags `hasPing`/`hasTraceroute` and their target `server`.
import type { AgentToServerInstantTest, EndpointTestType, HttpServerInstantTest, InstantTestBodies } from '../types';

type Body = Record<string, unknown>;

function defined(body: Body): Body {
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return body;
}

const text = (value: unknown): unknown => (typeof value === 'number' ? String(value) : value);

/** POST/PUT /v7/tests/{type}: `agents[].agentId` and `targetAgentId` are strings in v7. */
export function toV7TestBody(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const source = body as Body;
  const agents = Array.isArray(source['agents'])
    ? source['agents'].map((agent: unknown) =>
        typeof agent === 'object' && agent !== null ? { ...agent, agentId: text((agent as Body)['agentId']) } : agent,
      )
    : undefined;
  return defined({ ...source, agents, targetAgentId: text(source['targetAgentId']) });
}

/** The agents an instant test runs on: an agent label group (v6 `groupId`) or all agents. */
function selector(groupId: unknown): Body {
  return groupId === undefined ? {} : { agentSelectorType: 'agent-labels', endpointAgentLabels: [String(groupId)] };
}

function httpServer(body: HttpServerInstantTest): Body {
  const {
    groupId,
    flagPing,
    flagTraceroute,
    sslVersion,
    verifyCertHostname,
    networkProtocol,
    pathtraceInSession,
    ...rest
  } = body;
  // Only what the body names in v6's words is renamed: a field it already gives in v7's words is kept.
  return defined({
    ...rest,
    ...selector(groupId),
    ...defined({
      hasPing: flagPing,
      hasTraceroute: flagTraceroute,
      sslVersionId: sslVersion,
      verifyCertificate: verifyCertHostname,
      protocol: networkProtocol,
      hasPathTraceInSession: pathtraceInSession === undefined ? undefined : /^(true|1|yes)$/i.test(pathtraceInSession),
    }),
  });
}

function agentToServer(body: AgentToServerInstantTest): Body {
  const { groupId, serverName, flagPing: _ping, flagTraceroute: _traceroute, ...rest } = body;
  // v7's agent-to-server instant test always measures the network: the flags have no field there.
  return defined({ ...rest, ...selector(groupId), ...defined({ server: serverName }) });
}

export function toV7InstantTest<T extends EndpointTestType>(type: T, body: InstantTestBodies[T]): Body {
  return type === 'http-server'
    ? httpServer(body as HttpServerInstantTest)
    : agentToServer(body as AgentToServerInstantTest);
}
