// Shared helpers of the emulator integration tests: start a server, send plain undici
// requests, read JSON answers.
import { request } from 'undici';
import { createWorld } from '../../../src/emulator/world/index';
import {
  DEMO_CREDENTIALS,
  startEmulator,
  type EmulatorOptions,
  type RunningEmulator,
} from '../../../src/emulator/index';

export const ADMIN = DEMO_CREDENTIALS.admin.token;
export const VIEWER = DEMO_CREDENTIALS.viewer.token;
/** Can run instant tests but is not Account Admin (see src/emulator/world/users.ts). */
export const EDITOR = 'demo-editor-token';

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';
  /** Bearer token; null sends no Authorization header. */
  token?: string | null;
  /** Serialized as JSON with Content-Type: application/json unless `rawBody` is used. */
  json?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: Record<string, unknown>;
}

export async function call(base: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? ADMIN : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  let body: string | undefined = options.rawBody;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  const url = path.startsWith('http') ? path : `${base}${path}`;
  const response = await request(url, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
  const text = await response.body.text();
  let json: Record<string, unknown> = {};
  if (text.startsWith('{')) json = JSON.parse(text) as Record<string, unknown>;
  return { status: response.statusCode, headers: response.headers, text, json };
}

/** Starts an emulator for a describe block; returns accessors and registers no globals. */
export async function withEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ instantTestDelaySeconds: 1, ...options });
}

export function errorOf(reply: Reply): string {
  const message = reply.json.errorMessage;
  if (typeof message !== 'string')
    throw new Error(`expected an errorMessage, got ${reply.status} ${reply.text.slice(0, 200)}`);
  return message;
}

export function arrayOf<T = Record<string, unknown>>(reply: Reply, key: string): T[] {
  const value = reply.json[key];
  if (!Array.isArray(value)) throw new Error(`expected ${key}[] in ${reply.status} ${reply.text.slice(0, 300)}`);
  return value as T[];
}

export function pagesOf(reply: Reply): { current: number; next?: string } {
  return reply.json.pages as { current: number; next?: string };
}

/** Enterprise agent ids of a group in the default world (seed 1), as test management expands them. */
export function enterpriseAgentIds(aid: number, seed = 1): number[] {
  return (
    createWorld({ seed, preset: 'demo' })
      .group(aid)
      ?.enterpriseAgents()
      .map((a) => a.agentId) ?? []
  );
}

/** Creates an agent-to-server test from `agentId` over v7 (as the admin) and returns its id. */
export async function createAgentToServerTest(
  base: string,
  name: string,
  agentId: number | undefined,
): Promise<number> {
  const reply = await call(base, '/v7/tests/agent-to-server', {
    json: { testName: name, interval: 300, agents: [{ agentId }], server: 'a.example' },
  });
  const testId = arrayOf<{ testId: number }>(reply, 'test')[0]?.testId;
  if (testId === undefined) throw new Error(`no test created: ${reply.text}`);
  return testId;
}

/** Whether the agent-to-server test `testId` is still there. */
export async function agentToServerTestExists(base: string, testId: number): Promise<boolean> {
  return (await call(base, `/v7/tests/agent-to-server/${testId}`)).status === 200;
}
