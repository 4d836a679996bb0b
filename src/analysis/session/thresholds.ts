// Where each segment of a user's path turns from fine to suspect ("warn") to the likely
// culprit ("bad"). Sources: Wi-Fi vendor design guides (−67 dBm for voice/video, SNR
// ≥ 25 dB), ITU-T G.114-style latency budgets, and Core Web Vitals-style page budgets.
export const THRESHOLDS = {
  device: {
    /** Mean CPU utilization, 0..1. */
    cpuWarn: 0.7,
    cpuBad: 0.9,
    /** Used / total physical memory. */
    memoryWarn: 0.85,
    memoryBad: 0.95,
  },
  wifi: {
    /** dBm: weaker (more negative) is worse. */
    rssiWarn: -67,
    rssiBad: -75,
    /** Signal-to-noise ratio in dB (rssi − noise). */
    snrWarn: 25,
    snrBad: 15,
    /** Link quality 0..100. */
    qualityWarn: 50,
    qualityBad: 30,
    /** Mbit/s. */
    txRateWarn: 54,
    txRateBad: 12,
  },
  gateway: {
    /** ms to the first hop on the LAN. */
    rttWarn: 10,
    rttBad: 30,
    /** fraction of pings lost. */
    lossWarn: 0.01,
    lossBad: 0.05,
  },
  isp: {
    /**
     * ms the target's round trip adds over its baseline: the agent's normal toward it, or what distance explains. Never
     * an absolute.
     */
    rttWarn: 100,
    rttBad: 200,
    lossWarn: 0.01,
    lossBad: 0.03,
    /**
     * ms of round-trip variation to the target (a ping's mean deviation, a network session's jitter): real-time voice
     * and video suffer past about 30 ms.
     */
    jitterWarn: 30,
    jitterBad: 50,
    /** Light in fibre covers about 200 km per ms (physics: c / 1.5). */
    fibreKmPerMs: 200,
    /**
     * Fibre routes run about 1.2–1.5× the great-circle distance: Bozkurt et al., "Dissecting
     * Latency in the Internet's Fiber Infrastructure" (arXiv:1811.10737, 2018), find shortest
     * paths through the US long-haul conduits 1.3× line of sight in the median. Their "×2.1"
     * rule of thumb for measured latency adds routing-policy detours on top: latency added,
     * not distance. The generous end of the range, so distance is never called latency added.
     */
    routeStretch: 1.5,
    /**
     * Over what distance explains (the floor: fibre time both ways × routeStretch), a round
     * trip is suspect past distanceWarnMs + distanceWarnShare × the floor and the likely
     * culprit past distanceBadMs + distanceBadShare × the floor: tens of ms near by, a margin
     * growing with distance (long routes detour more in absolute terms). Boston → Boston at
     * 95 ms is suspect; New York → London at 200 ms (≈ 75 ms is usual) is too.
     */
    distanceWarnMs: 30,
    distanceWarnShare: 0.25,
    distanceBadMs: 100,
    distanceBadShare: 0.5,
  },
  tunnel: {
    /**
     * ms to the VPN concentrator or the proxy the agent goes through: graded only for a session
     * that went through it (its own vpnPing), and never blamed while the target's round trip is
     * at the agent's normal (the tunnel's latency is then part of that normal).
     */
    rttWarn: 100,
    rttBad: 200,
    lossWarn: 0.01,
    lossBad: 0.03,
  },
  server: {
    /** TCP connect time beyond the network round trip, ms. */
    connectWarn: 150,
    connectBad: 400,
    /**
     * The server's own time to the first byte of the page (ms): the first byte (HAR wait, or the
     * page list's responseTime) less the round trips to the target it includes (grading.ts
     * firstByteRoundTrips), or Server-Timing's figure when the data has one.
     */
    firstByteWarn: 800,
    firstByteBad: 1800,
  },
  page: {
    /** onLoad of the slowest page, ms. */
    loadWarn: 4000,
    loadBad: 10000,
    /** One request taking this long (ms) is a slow request in itself. */
    slowRequest: 1000,
    /** A stretch with no request in flight shorter than this (ms) is not worth naming. */
    gapWorthNaming: 100,
  },
  path: {
    /** ms: a persistent increase of delay on a link smaller than this is not named as where latency appears. */
    delayJumpMs: 20,
    /**
     * ms: a hop whose reply is this much slower than every later hop's answers slowly itself (ICMP rate limiting); it
     * does not delay the path.
     */
    slowReplyMs: 20,
    /**
     * Share (0..1) of the traversals crossing a loss point that stop there, for loss further downstream to be folded
     * into it (loss starts there and persists).
     */
    foldUpstreamShare: 0.25,
    /** Share (0..1) of lost traversals at most, for another branch after the same hop to count as healthy (ECMP). */
    healthyBranchShare: 0.1,
  },
  baseline: {
    /**
     * Round trips toward the same target (host or site), at least, for the agent's normal there
     * to be a baseline; fewer is no baseline. The one place this number is set: the session
     * verdict, the timeline and the explorer all read it (grading.ts normalBaseline).
     */
    minSamples: 5,
  },
  confidence: {
    /** z of the Wilson interval a loss grade must hold over (95 %). */
    z: 1.96,
    /** Packets lost at least, for loss to be graded at all: one drop is as likely a rate-limited reply. */
    minLost: 2,
  },
  experience: {
    /** The service's experience score, 0 (worst) … 1 (best): below these it is fair, then poor. */
    fairBelow: 0.7,
    poorBelow: 0.4,
  },
} as const;
