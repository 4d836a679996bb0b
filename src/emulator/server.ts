// startEmulator: builds the world, the routes and the node:http server of one emulator run.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EmulatorOptions, FaultRule, RunningEmulator } from './api';
import { isLoopbackHost } from './http/browser-guard';
import { API_DIALECTS, type ApiDialect } from './http/dialect';
import { FaultInjector } from './http/faults';
import { PageIds } from './http/page-id';
import { RateLimiter } from './http/rate-limit';
import { RequestLog } from './http/request-log';
import { Router } from './http/router';
import { TestStore } from './persistence';
import { AlertConfigStore } from './alert-config';
import { handleRequest, type PipelineDeps } from './pipeline';
import { endpointDataRoutes } from './routes/endpoint-data';
import { enterpriseAgentRoutes } from './routes/enterprise-agents';
import { endpointTestRoutes } from './routes/endpoint-tests';
import { instantTestRoutes } from './routes/instant-tests';
import type { EmulatorState } from './routes/state';
import { testDataRoutes } from './routes/test-data';
import { testManagementRoutes } from './routes/test-management';
import { v7Routes } from './routes/v7/index';
import { createWorld } from './world/index';

/** The data file's section of alert rules and suppression windows. */
const ALERT_SECTION = 'alerts';

export const DEFAULT_PAGE_SIZE = 100;
/** The service pages agents by the thousand; demo groups fit in one page, the large one does not. */
export const DEFAULT_INVENTORY_PAGE_SIZE = 1_000;
export const DEFAULT_SEED = 1;
const FIRST_INSTANT_TEST_ID = 5_000_001;

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const seed = options.seed ?? DEFAULT_SEED;
  const preset = options.preset ?? 'demo';
  const world = createWorld({ seed, preset });
  const store = await TestStore.open(options.dataFile);
  let instantTestId = FIRST_INSTANT_TEST_ID;
  const state: EmulatorState = {
    world,
    store,
    alertConfig: new AlertConfigStore({
      load: () => store.section(ALERT_SECTION),
      save: (snapshot) => store.saveSection(ALERT_SECTION, snapshot),
    }),
    pageSize: checkedPageSize(options.pageSize, 'pageSize', DEFAULT_PAGE_SIZE),
    inventoryPageSize: checkedPageSize(options.inventoryPageSize, 'inventoryPageSize', DEFAULT_INVENTORY_PAGE_SIZE),
    pageIds: new PageIds(`netmon-emulator inventory pages|${seed}|${preset}`),
    instantTestDelaySeconds: options.instantTestDelaySeconds ?? 3,
    nextInstantTestId: () => instantTestId++,
    instantTestIds: new Set(),
    instantTestLimiter: new RateLimiter(options.instantTestRateLimit ?? options.rateLimit, 'x-instant-test-rate-limit'),
  };
  const api = checkedDialect(options.api);
  const router = new Router(
    api === 'v7'
      ? v7Routes(state)
      : [
          ...testManagementRoutes(state),
          ...endpointTestRoutes(state),
          ...instantTestRoutes(state),
          ...testDataRoutes(state),
          ...endpointDataRoutes(state),
          ...enterpriseAgentRoutes(),
        ],
  );
  const faults = new FaultInjector(options.faults ?? []);
  let url = '';
  let requestCount = 0;
  const host = options.host ?? '127.0.0.1';
  const deps: PipelineDeps = {
    world,
    router,
    faults,
    log: new RequestLog(),
    control: options.control ?? false,
    hosts: {
      boundToLoopback: isLoopbackHost(host),
      allowedHosts: new Set((options.allowedHosts ?? []).map((h) => h.toLowerCase())),
    },
    limiter: new RateLimiter(options.rateLimit),
    instantLimiter: state.instantTestLimiter,
    ownUrl: () => url,
    nowMs: options.now ?? Date.now,
    dialect: api,
  };
  const server = createServer((req, res) => {
    requestCount += 1;
    handleRequest(deps, req, res).catch((error: unknown) => {
      console.error('netmon emulator: request failed', error);
      res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url,
    port,
    world,
    api,
    setFaults: (rules: FaultRule[]) => faults.set(rules),
    get requestCount() {
      return requestCount;
    },
    close: async () => {
      await store.flush();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function checkedDialect(api: ApiDialect | undefined): ApiDialect {
  if (api === undefined) return 'v6';
  if (!API_DIALECTS.includes(api)) throw new Error(`api must be v6 or v7, got ${String(api)}`);
  return api;
}

function checkedPageSize(pageSize: number | undefined, name: string, fallback: number): number {
  if (pageSize === undefined) return fallback;
  if (!Number.isInteger(pageSize) || pageSize < 1)
    throw new Error(`${name} must be a positive integer, got ${pageSize}`);
  return pageSize;
}
