// The model of loss and delay localization: where on the merged path the problem is, with
// the evidence (agents, traversals, hop ids the panel can highlight) and one line per finding.
// Every hop id is a node id of the merge (IP, `ip~loopN`, `agent:<id>`), not of a grouped view.
import { THRESHOLDS } from '../session/thresholds';

/** Thresholds of localization: the path block of the one table of thresholds. */
export const LOCALIZE_THRESHOLDS = THRESHOLDS.path;

/** Bounds on the work outside data can ask for. */
export const LOCALIZE_LIMITS = {
  /** Agents considered (first seen first); the rest are counted in `truncated.agents`. */
  maxAgents: 1000,
  /** Latest rounds considered. */
  maxRounds: 48,
  /** Routes (ECMP alternatives) read per trace. */
  maxRoutesPerTrace: 16,
  /** Steps (agent, hops and stars) read over all traversals; traversals past it are left out. */
  maxSteps: 400_000,
  /** Findings of each kind reported. */
  maxFindings: 10,
  /** Links named as where latency appears. */
  maxDelayFindings: 3,
  /** Route changes listed (all are counted). */
  maxRouteChanges: 100,
  /** Hop ids listed per finding for highlighting. */
  maxIdsPerFinding: 64,
  /** Rounds given a line of their own. */
  maxRoundLines: 12,
} as const;

export type LocalizeLimits = { -readonly [K in keyof typeof LOCALIZE_LIMITS]: number };

export interface LocalizeOptions {
  /** Display name of an agent id for the lines (ids stay ids in the structured fields). */
  agentName?: (agentId: string) => string;
  /** Tighter bounds (tests, previews). */
  limits?: Partial<LocalizeLimits>;
  /** Where agents and the target are (degrees), when known: delay findings are read against what distance explains. */
  locations?: {
    agent?: (agentId: string) => { lat: number; lon: number } | undefined;
    target?: { lat: number; lon: number };
  };
}

/** What a delay finding was read against: the great-circle RTT floor from agent to target, or nothing. */
export type DelayBaseline =
  | { source: 'distance'; km: number; floorMs: number; observedMs: number; excessMs: number }
  | { source: 'earlier round'; roundId: number; earlierMs?: number }
  | { source: 'none' };

/** A hop as the findings name it. */
export interface LocalizedHop {
  /** The merge's node id: what the panel highlights. */
  id: string;
  kind: 'agent' | 'hop';
  ip?: string;
  prefix?: string;
  rdns?: string;
  network?: string;
  location?: string;
  /** `154.54.43.176 (AS174 Cogent, Madrid)`, `agent Laptop 7`: one line, outside text cleaned. */
  label: string;
}

/** An MPLS tunnel: a run of labelled hops (and the stars between them), named by the hops around it. */
export interface TunnelRef {
  /** `mpls:<ingress>><egress>`. */
  id: string;
  /** The hop before the first labelled hop (the label is pushed there). */
  ingress?: LocalizedHop;
  /** The first hop after the last labelled one, when some route left the tunnel. */
  egress?: LocalizedHop;
  /** Labelled hops and stars inside, by merge node id. */
  members: string[];
  /** `the MPLS tunnel from A to B`. */
  label: string;
}

export interface LossFinding {
  /** `loss:<node id>`, `loss:mpls:…`, or `terminal:<target ip>`. */
  id: string;
  /**
   * forwarding: the route stops after `at` and nothing answers from there to the target;
   * terminal: the path works up to the hop before the target and only the target is silent.
   */
  kind: 'forwarding' | 'terminal';
  /** forwarding: the last hop that answered (the blamed one); terminal: the silent target. */
  at: LocalizedHop;
  /** The loss is inside this tunnel: it is blamed as a whole. */
  tunnel?: TunnelRef;
  /** terminal: the hops that answered last, before the target. */
  lastAnswering?: LocalizedHop[];
  /** Agents with a traversal lost here. */
  agents: string[];
  /** Agents with a route across `at` (the tunnel, the target's last hops): the finding's scope. */
  agentsCrossing: string[];
  /** Lost traversals (agent × round × route) attributed here. */
  traversals: number;
  traversalsCrossing: number;
  /** Downstream hops where some of these traversals stopped instead (folded in: loss starts at `at` and persists). */
  alsoStoppedAt: string[];
  /** Another branch leaving the hop before `at` reaches the target: only this branch loses. */
  branch?: { divergesAt: LocalizedHop; healthy: LocalizedHop[] };
  /** Lost traversals whose route repeats an address (a routing loop). */
  loops: number;
  /** No traversal in the data reached the target: the destination may filter probes. */
  targetNeverReached: boolean;
  /** Enough lost traversals (not routing loops) to act on: THRESHOLDS.confidence.minLost. */
  confident: boolean;
  hopIds: string[];
  line: string;
}

export interface RateLimitedHop {
  hop: LocalizedHop;
  /** Traversals across the hop. */
  traversals: number;
  /** Traversals where it did not answer while a later hop did. */
  silent: number;
  /** Traversals where it answered slower than every later hop, by `slowReplyMs` or more. */
  slow: number;
  /** Median of how much slower, ms (when `slow` > 0). */
  slowByMs?: number;
  agents: string[];
  hopIds: string[];
  line: string;
}

export interface DelayFinding {
  /** `delay:<from>><to>` or `delay:mpls:…`. */
  id: string;
  /** The hops of the link most traversals of the finding cross (answering hops around any stars). */
  from: LocalizedHop;
  to: LocalizedHop;
  /** The latency is inside this tunnel, attributed to it as a whole. */
  tunnel?: TunnelRef;
  /** Median over the traversals crossing the link of the persistent delay it adds, ms. */
  increaseMs: number;
  /** Agents where the link adds `delayJumpMs` or more. */
  agents: string[];
  agentsCrossing: string[];
  traversals: number;
  hopIds: string[];
  /** Link ids (`from->to`, as the merge names them) along the link, stars included. */
  linkIds: string[];
  /**
   * Distance may explain the rise (no agent's verdict is "delay" for it): the end-to-end round trip is within the
   * distance floor, or, without locations, the link joins two named places.
   */
  distance?: true;
  /** Which baseline the rise was read against. */
  baseline: DelayBaseline;
  line: string;
}

/** A routing loop: routes bouncing between two routers until their hop limit runs out. */
export interface LoopFinding {
  /** `loop:<ip><><ip>`, the two addresses in order. */
  id: string;
  /**
   * The repeated address and the router that sent the packet back to it (the same hop twice when it answers twice in a
   * row).
   */
  routers: [LocalizedHop, LocalizedHop];
  agents: string[];
  /** Traversals that loop there, and all traversals of those agents. */
  traversals: number;
  traversalsOfAgents: number;
  hopIds: string[];
  line: string;
}

export type VerdictKind = 'forwarding-loss' | 'terminal-loss' | 'delay' | 'ok';

/** Agents with the same verdict: each agent is in one group. */
export interface VerdictGroup {
  kind: VerdictKind;
  /**
   * The loss or delay finding the verdict points at (a loss finding may be past the
   * `maxFindings` listed); none for loss next to the agents themselves.
   */
  findingId?: string;
  agents: string[];
  /** For loss verdicts: lost traversals of these agents out of all of theirs. */
  traversalsLost: number;
  traversals: number;
  line: string;
}

/** An agent's route in one round that no route of its previous round explains (loss and silent hops aside). */
export interface RouteChange {
  agentId: string;
  fromRound: number;
  toRound: number;
  /** Answering hops (merge node ids) of the new route, and of the earlier route closest to it. */
  was: string[];
  now: string[];
  /** The last hop both routes share before they differ. */
  divergesAfter?: string;
}

/** Localization of a set of traversals: one round, or all rounds given. */
export interface Localization {
  agents: string[];
  traversals: number;
  /** Traversals that got a reply from the target. */
  reachedTarget: number;
  /** Traversals were read and every one got an answer from the target (no loss finding). */
  healthy: boolean;
  /** Some loss finding is confident (`netmon path localize` exits 1 only then). */
  confident: boolean;
  loss: LossFinding[];
  delay: DelayFinding[];
  /** Routing loops, each its own finding naming both routers. */
  routingLoops: LoopFinding[];
  rateLimited: RateLimitedHop[];
  verdicts: VerdictGroup[];
  /** The one line for a banner. */
  headline: string;
  /** One line per finding, then one per verdict group. */
  lines: string[];
}

export interface RoundLocalization extends Localization {
  roundId: number;
}

export interface PathLocalization extends Localization {
  targets: string[];
  rounds: number[];
  /** Route changes (agent × consecutive rounds), at most `maxRouteChanges`. */
  routeChanges: RouteChange[];
  /** All route changes, listed or not. */
  routeChangeCount: number;
  /** Each round on its own, when more than one round is given. */
  perRound: RoundLocalization[];
  /** What the bounds left out. */
  truncated: { agents: number; rounds: number; routes: number };
}
