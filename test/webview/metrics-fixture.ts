// Deterministic network metrics and HTTP server results for the metrics panel tests.
import type { HttpServerResult, NetMetric } from '../../src/api/types';
import type { MetricsLoadParams } from '../../webview/metrics/protocol';
import { mulberry32 } from '../unit/path/synthetic';
import { agentNames } from './path-fixture';

export const FIRST_ROUND = 1_763_769_600;

export function metricsLoad(agents = 5, rounds = 36): MetricsLoadParams {
  const random = mulberry32(9);
  const metrics: NetMetric[] = [];
  const httpServer: HttpServerResult[] = [];
  for (let a = 0; a < agents; a++) {
    const agentId = `a${String(a + 1).padStart(3, '0')}`;
    const base = 18 + a * 22;
    for (let r = 0; r < rounds; r++) {
      const roundId = FIRST_ROUND + r * 300;
      const congested = a === 1 && r >= 20 && r < 26;
      const avg = base + 4 * Math.sin(r / 5) + random() * 3 + (congested ? 45 : 0);
      metrics.push({
        agentId,
        roundId,
        avgLatency: avg,
        minLatency: Math.round(avg - 3 - random() * 2),
        maxLatency: Math.round(avg + 6 + random() * 10 + (congested ? 30 : 0)),
        jitter: 1 + random() * 2 + (congested ? 9 : 0),
        loss: congested ? 5 + Math.round(random() * 20) : random() < 0.08 ? 1 : 0,
        permalink: '',
        serverIp: '104.16.132.229',
      });
      httpServer.push({
        agentId,
        roundId,
        dnsTime: 4 + random() * 6,
        connectTime: base * 0.9,
        sslTime: base * 1.8,
        waitTime: 60 + random() * 30 + (congested ? 80 : 0),
        receiveTime: 8 + random() * 6,
        responseTime: 0,
        totalTime: 0,
        redirectTime: 0,
        numRedirects: 0,
        responseCode: 200,
        errorType: 'None',
        requestHeaders: '',
        responseHeaders: '',
        wireSize: 18_000,
        serverIp: '104.16.132.229',
        permalink: '',
      });
    }
  }
  return {
    title: 'Scheduled test · shop.example.com — last 3 hours',
    metrics,
    httpServer,
    agentNames: agentNames(agents),
  };
}
