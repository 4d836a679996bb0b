// Entry point of the synthetic world: createWorld(options) builds every account group's data
// lazily from one seed. What the HTTP layer can rely on:
// - Time-ranged lists yield the rounds whose start lies in [from, to), oldest first; a
//   record is a pure function of (seed, aid, round, index), so any range can be asked again.
// - Session and probe ids encode round and index; details and HARs regenerate from them.
// - Scheduled-test data comes once per round (300 s) or per test interval when longer; an
//   instant test runs once: its data is the round that holds readyAt, for ranges reaching
//   past readyAt.
// - Lists yield entries with their position (round, index, part); passing a position back
//   as `start` resumes there in constant time (paging cursors).
// - Filterable lists take search filters and `seek` finds record number N; both read
//   per-round indexes of the draws that decide agents, triggers, destinations, page counts
//   and probe types, so they never generate the records they skip.
// - apiLinks hrefs are paths from the API root; the routes make them absolute.
// - The world never reads the clock: "now" is whatever range the caller asks for.
// - Seeded episodes (episodes.ts): one featured agent per kind and group has a daily episode
//   that every list and detail of that agent shows; group.episodes(from, to) names them.
// - Seeded path episodes (path-episodes.ts): on two scheduled tests per group, a daily route
//   change and a daily loss episode in the path traces and net metrics;
//   group.pathEpisodes(from, to) names them.
import { GeneratedGroup } from './group';
import type { DemoUser, GroupWorld, World, WorldOptions } from './model';
import { groupSize } from './presets';
import { ACCOUNT_GROUPS, DEMO_USERS } from './users';
import { ROUND_SECONDS } from './context';

export type * from './model';
export type { Episode, EpisodeKind, FeaturedAgent } from './episodes';
export { EPISODE_KINDS } from './episodes';
export type { PathEpisode, PathEpisodeKind } from './path-episodes';
export { PATH_EPISODE_KINDS } from './path-episodes';
export { formatDateTime } from './format';
export { GeneratedGroup } from './group';

const RETENTION_SECONDS = 7 * 86400;

function creatorOf(aid: number, users: readonly DemoUser[]): string {
  const admin = users.find((user) => user.accountAdmin && user.aids.includes(aid)) ?? users[0];
  return admin ? `${admin.name} (${admin.email})` : 'System';
}

export function createWorld(options: WorldOptions): World {
  const users = DEMO_USERS.map((user) => ({ ...user, aids: [...user.aids] }));
  const accountGroups = ACCOUNT_GROUPS.map((group) => ({ ...group }));
  // Groups are built on first use: a large group costs its networks and tests up front.
  const groups = new Map<number, GeneratedGroup>();
  return {
    options: { ...options },
    roundSeconds: ROUND_SECONDS,
    retentionSeconds: RETENTION_SECONDS,
    users,
    accountGroups,
    group(aid: number): GroupWorld | undefined {
      const existing = groups.get(aid);
      if (existing) return existing;
      const groupIndex = accountGroups.findIndex((group) => group.aid === aid);
      const group = accountGroups[groupIndex];
      if (!group) return undefined;
      const created = new GeneratedGroup(
        options.seed,
        aid,
        group.accountGroupName,
        groupIndex,
        groupSize(options.preset, groupIndex),
        creatorOf(aid, users),
      );
      groups.set(aid, created);
      return created;
    },
  };
}
