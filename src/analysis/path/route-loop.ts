// Whether one route is a routing loop, in traceroute terms: the packets bounce between the same
// routers until their TTL runs out, so the route repeats an address, answers from no new
// address after the first repeat, and never reaches the target. A repeat on a route that goes
// on to new addresses or to the target is one router answering several TTLs (MPLS without TTL
// propagation, a firewall, a load balancer): the packets were forwarded, not looped. The merge
// (the panel's graph) and localization (the report, the CLI, evidence) both ask this function.

/** `addresses`: the route's answering hops in hop order; `reached`: its last hop is the target. */
export function isRoutingLoop(addresses: readonly string[], reached: boolean): boolean {
  if (reached) return false;
  const seen = new Set<string>();
  let repeats = false;
  for (const ip of addresses) {
    if (seen.has(ip)) repeats = true;
    else if (repeats) return false;
    else seen.add(ip);
  }
  return repeats;
}
