// Which account group a connection works in when the user has not picked one: the saved
// pick while it still exists, else the group the service marks current, else its default.
// The editor and the CLI bind documents under this group's aid, so both must pick alike.
import type { AccountGroup } from './types';

export function pickAccountGroup(groups: readonly AccountGroup[], savedAid?: number): AccountGroup | undefined {
  const saved = savedAid === undefined ? undefined : groups.find((g) => g.aid === savedAid);
  return saved ?? groups.find((g) => g.current) ?? groups.find((g) => g.default);
}
