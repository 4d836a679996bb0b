// Alert rules and alert suppression windows of each account group, as v7 writes them
// (/v7/alerts/rules, /v7/alert-suppression-windows), kept the way created tests are: in the
// emulator's test store, saved in its data file when it has one (a section of its own). A change
// is made on a copy, saved, and only then adopted, one change at a time, so a failed save changes
// nothing. Every group starts with the seeded default rules below; the emulator raises its alerts by
// evaluating every rule, seeded or written, over the rounds it serves (routes/v7/alert-derivation.ts).

type Fields = Record<string, unknown>;

export interface StoredRule {
  ruleId: string;
  /** The rule's v7 fields as validated (testIds, notifications … included). */
  fields: Fields;
}

export interface StoredWindow {
  windowId: string;
  fields: Fields;
}

interface GroupConfig {
  rules: Map<string, StoredRule>;
  windows: Map<string, StoredWindow>;
}

/** The seeded loss rule's threshold: every day's loss episode (5–25 %) reaches it, so it fires once a day. */
export const LOSS_RULE_PERCENT = 5;
/**
 * The share of a test's agents the seeded loss rule needs in a round: a loss episode reaches all but
 * one in five (80 % or more), while the world's failed rounds (loss 100 %, one agent-round in a
 * hundred, drawn apart) almost never strike four agents in five of a test at once.
 */
export const LOSS_RULE_SOURCES_PCT = 80;
/** The delay a changed route adds (10–30 ms a day) always meets the seeded path rule's threshold. */
export const HOP_DELAY_RULE_MS = 10;

/** The rules every group starts with: the service's defaults for network and path-trace layers. */
export const SEEDED_RULES: readonly StoredRule[] = [
  {
    ruleId: '100001',
    fields: {
      ruleName: 'Default Network Loss',
      expression: `((loss >= ${LOSS_RULE_PERCENT}%))`,
      description: 'Packet loss to the target of a network test',
      alertType: 'end-to-end-server',
      alertGroupType: 'cloud-enterprise',
      isDefault: true,
      notifyOnClear: true,
      severity: 'major',
      minimumSources: 1,
      minimumSourcesPct: LOSS_RULE_SOURCES_PCT,
      roundsViolatingMode: 'any',
      roundsViolatingRequired: 1,
      roundsViolatingOutOf: 1,
      testIds: [],
    },
  },
  {
    ruleId: '100002',
    fields: {
      ruleName: 'Default Path Delay',
      expression: `((hops((hopDelay >= ${HOP_DELAY_RULE_MS} ms))))`,
      description: 'A hop of the path to the target adds delay',
      alertType: 'path-trace',
      alertGroupType: 'cloud-enterprise',
      direction: 'to-target',
      isDefault: true,
      notifyOnClear: true,
      severity: 'minor',
      minimumSources: 1,
      roundsViolatingMode: 'any',
      roundsViolatingRequired: 1,
      roundsViolatingOutOf: 1,
      testIds: [],
    },
  },
];

/** Ids of written rules and windows, above the seeded ones. */
const FIRST_WRITTEN_ID = 200_001;
/** Rules and windows one group keeps at most: a client in a loop cannot grow the emulator without bound. */
export const MAX_PER_GROUP = 1_000;

/** Where the store's state is saved and read back (a section of the test store's file). */
export interface AlertConfigPersistence {
  load(): unknown;
  save(snapshot: unknown): Promise<void>;
}

interface Snapshot {
  nextId: number;
  groups: Record<string, { rules: StoredRule[]; windows: StoredWindow[] }>;
}

type Groups = Map<number, GroupConfig>;
interface Draft {
  nextId: number;
  group: GroupConfig;
}

const seededGroup = (): GroupConfig => ({
  rules: new Map(SEEDED_RULES.map((rule) => [rule.ruleId, { ...rule, fields: { ...rule.fields } }])),
  windows: new Map(),
});

export class AlertConfigStore {
  private groups: Groups = new Map();
  private nextId = FIRST_WRITTEN_ID;
  /** Writes run one at a time; a failed one must not stop the ones queued after it. */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly persistence?: AlertConfigPersistence) {
    const saved = persistence?.load();
    if (isSnapshot(saved)) {
      this.nextId = Math.max(FIRST_WRITTEN_ID, saved.nextId);
      for (const [aid, group] of Object.entries(saved.groups)) {
        this.groups.set(Number(aid), {
          rules: new Map(group.rules.filter(isStoredRule).map((rule) => [rule.ruleId, rule])),
          windows: new Map(group.windows.filter(isStoredWindow).map((window) => [window.windowId, window])),
        });
      }
    }
  }

  /** Groups never changed answer their seeded rules, the same objects every read (alerts are derived per rule). */
  private readonly seeded = new Map<number, GroupConfig>();

  private group(aid: number): GroupConfig {
    let group = this.groups.get(aid) ?? this.seeded.get(aid);
    if (!group) this.seeded.set(aid, (group = seededGroup()));
    return group;
  }

  rules(aid: number): StoredRule[] {
    return [...this.group(aid).rules.values()];
  }

  rule(aid: number, ruleId: string): StoredRule | undefined {
    return this.group(aid).rules.get(ruleId);
  }

  windows(aid: number): StoredWindow[] {
    return [...this.group(aid).windows.values()];
  }

  window(aid: number, windowId: string): StoredWindow | undefined {
    return this.group(aid).windows.get(windowId);
  }

  /** Stores a new rule; undefined when the group holds MAX_PER_GROUP already. */
  addRule(aid: number, fields: Fields): Promise<StoredRule | undefined> {
    return this.change(aid, (draft) => {
      if (draft.group.rules.size >= MAX_PER_GROUP) return undefined;
      const rule = { ruleId: String(draft.nextId++), fields };
      draft.group.rules.set(rule.ruleId, rule);
      return rule;
    });
  }

  /** Replaces the rule's fields; undefined when it is gone. */
  replaceRule(aid: number, ruleId: string, fields: Fields): Promise<StoredRule | undefined> {
    return this.change(aid, (draft) => {
      const existing = draft.group.rules.get(ruleId);
      if (!existing) return undefined;
      const rule = { ...existing, fields };
      draft.group.rules.set(ruleId, rule);
      return rule;
    });
  }

  removeRule(aid: number, ruleId: string): Promise<boolean> {
    return this.change(aid, (draft) => draft.group.rules.delete(ruleId) || undefined).then(Boolean);
  }

  addWindow(aid: number, fields: Fields): Promise<StoredWindow | undefined> {
    return this.change(aid, (draft) => {
      if (draft.group.windows.size >= MAX_PER_GROUP) return undefined;
      const window = { windowId: String(draft.nextId++), fields };
      draft.group.windows.set(window.windowId, window);
      return window;
    });
  }

  replaceWindow(aid: number, windowId: string, fields: Fields): Promise<StoredWindow | undefined> {
    return this.change(aid, (draft) => {
      if (!draft.group.windows.has(windowId)) return undefined;
      const window = { windowId, fields };
      draft.group.windows.set(windowId, window);
      return window;
    });
  }

  removeWindow(aid: number, windowId: string): Promise<boolean> {
    return this.change(aid, (draft) => draft.group.windows.delete(windowId) || undefined).then(Boolean);
  }

  /** Applies `edit` to a copy of the group (undefined: nothing changed), saves it, and only then adopts it. */
  private change<T>(aid: number, edit: (draft: Draft) => T | undefined): Promise<T | undefined> {
    const run = async (): Promise<T | undefined> => {
      const current = this.group(aid);
      const draft: Draft = {
        nextId: this.nextId,
        group: { rules: new Map(current.rules), windows: new Map(current.windows) },
      };
      const value = edit(draft);
      if (value === undefined) return undefined;
      const groups: Groups = new Map(this.groups).set(aid, draft.group);
      await this.persistence?.save(snapshotOf(groups, draft.nextId));
      this.groups = groups;
      this.nextId = draft.nextId;
      return value;
    };
    const result = this.queue.then(run);
    this.queue = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

function snapshotOf(groups: Groups, nextId: number): Snapshot {
  const snapshot: Snapshot = { nextId, groups: {} };
  for (const [aid, group] of groups)
    snapshot.groups[String(aid)] = { rules: [...group.rules.values()], windows: [...group.windows.values()] };
  return snapshot;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isSnapshot(value: unknown): value is Snapshot {
  if (!isObject(value) || typeof value['nextId'] !== 'number' || !isObject(value['groups'])) return false;
  return Object.values(value['groups']).every(
    (group) => isObject(group) && Array.isArray(group['rules']) && Array.isArray(group['windows']),
  );
}

/** A saved rule or window that is not one (a hand-edited file) is left out rather than served. */
function isStoredRule(value: unknown): value is StoredRule {
  return isObject(value) && typeof value['ruleId'] === 'string' && isObject(value['fields']);
}

function isStoredWindow(value: unknown): value is StoredWindow {
  return isObject(value) && typeof value['windowId'] === 'string' && isObject(value['fields']);
}
