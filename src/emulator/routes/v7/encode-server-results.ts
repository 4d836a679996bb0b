// Results of the types only v7 has that agents run (`ftp-server`, `sip-server`, and a voice
// test's `rtp-server`), in the vendor's shapes: each written from the same agent's round of
// the world as the network kinds (world/enterprise-results.ts), so a failed round, the
// round's latency and a loss episode say the same here as in a network result.
import type { EnterpriseRound } from '../../world/enterprise-results';
import { Rng } from '../../world/prng';
import { connectFailedValues } from './layer-values';

type Json = Record<string, unknown>;

const ms = (value: number): number => Math.max(0, Math.round(value));

export function ftpServer(round: EnterpriseRound): Json {
  const { plan } = round;
  if (round.error) return connectFailedValues(round, round.error);
  const rng = Rng.of(plan.seed, 'enterprise-ftp', plan.test.testId, round.agent.agentId, round.roundId);
  const rtt = round.avgLatency;
  const dns = rng.int(2, 25);
  const connect = ms(rtt);
  const negotiation = ms(rtt * 3);
  const wait = ms(rtt + rng.int(10, 80));
  const transfer = rng.int(20, 400);
  const wireSize = 1_048_576;
  return {
    serverIp: plan.target.serverIp,
    responseCode: 226,
    dnsTime: dns,
    connectTime: connect,
    negotiationTime: negotiation,
    waitTime: wait,
    responseTime: dns + connect + negotiation + wait,
    transferTime: transfer,
    totalTime: dns + connect + negotiation + wait + transfer,
    wireSize,
    throughput: Math.round(wireSize / Math.max(1, transfer / 1000)),
    errorType: 'None',
  };
}

export function sipServer(round: EnterpriseRound): Json {
  const { plan } = round;
  if (round.error)
    return {
      serverIp: plan.target.serverIp,
      availability: 0,
      responseCode: 0,
      errorType: 'connect',
      problemDetail: round.error,
    };
  const rng = Rng.of(plan.seed, 'enterprise-sip', plan.test.testId, round.agent.agentId, round.roundId);
  const rtt = round.avgLatency;
  const dns = rng.int(2, 25);
  const connect = ms(rtt);
  const register = ms(rtt * 2 + rng.int(5, 40));
  const wait = ms(rtt + rng.int(2, 20));
  return {
    serverIp: plan.target.serverIp,
    availability: 100,
    responseCode: 200,
    dnsTime: dns,
    connectTime: connect,
    registerTime: register,
    optionsTime: wait,
    inviteTime: 0,
    waitTime: wait,
    numRedirects: 0,
    responseTime: dns + connect + wait,
    totalTime: dns + connect + register + wait,
    errorType: 'none',
  };
}

/** G.711's best score: the codec the emulator's voice tests use. */
const CODEC_MAX_MOS = 4.42;

/** A voice test's stream of the round: loss and delay from the world lower the MOS (a simplified E-model). */
export function rtpServer(round: EnterpriseRound): Json {
  const { plan } = round;
  const base = {
    serverIp: plan.target.serverIp,
    codecName: 'G.711 @ 64 Kbps',
    codecMaxMos: CODEC_MAX_MOS,
    dscp: '46',
    dscpName: 'Expedited Forwarding',
  };
  if (round.error) return { ...base, errorDetail: round.error };
  const rng = Rng.of(plan.seed, 'enterprise-rtp', plan.test.testId, round.agent.agentId, round.roundId);
  const latency = ms(round.avgLatency / 2);
  const pdv = ms(round.jitter);
  const loss = round.loss;
  const mos = Math.max(
    1,
    CODEC_MAX_MOS - loss * 0.12 - Math.max(0, latency - 150) * 0.004 - pdv * 0.005 - rng.float(0, 0.05, 3),
  );
  return { ...base, mos: Math.round(mos * 100) / 100, loss, discards: 0, latency, pdv };
}
