// The instants CI runs the node suites at, besides the real one: the awkward ones for code that
// reads a calendar (a week's first minute in a zone on the day its clocks jump, a month's 31st,
// a year's last minute). NETMON_TEST_NOW and TZ name them; only the test runners read them.

export const AWKWARD_INSTANTS = [
  {
    name: 'Monday 00:05 New York, the morning after DST starts',
    now: '2027-03-15T00:05:00-04:00',
    tz: 'America/New_York',
  },
  { name: 'the 31st of a month', now: '2027-03-31T09:30:00Z', tz: 'UTC' },
  { name: "23:59 on New Year's Eve", now: '2026-12-31T23:59:00Z', tz: 'UTC' },
];

/**
 * The environment of a test run at NETMON_TEST_NOW: every node process preloads the clock (through
 * NODE_OPTIONS, so CLIs the tests spawn share it) and all of them anchor it at the same real instant.
 */
export function clockEnvironment(env, clockModuleUrl) {
  if (!env.NETMON_TEST_NOW) return env;
  return {
    ...env,
    NETMON_TEST_NOW_AT: env.NETMON_TEST_NOW_AT ?? String(Math.round(performance.timeOrigin + performance.now())), // real, even where Date is moved
    NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --import ${clockModuleUrl}`.trim(),
  };
}
