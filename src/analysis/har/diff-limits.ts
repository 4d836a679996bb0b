// The HAR diff's named constants: when a request counts as slower or faster, and the
// bounds that keep a huge or hostile file from deciding the diff's resource use.

/** A pair is slower (faster) when its time grew (shrank) by at least this many ms… */
export const DIFF_MIN_DELTA_MS = 50;
/**
 * …and by at least this fraction of its before time. Both must hold, so noise on tiny and on huge requests stays
 * "unchanged".
 */
export const DIFF_MIN_RELATIVE_DELTA = 0.2;

export const DIFF_LIMITS = {
  /** Entries read from each file (the first ones in file order); the rest are left out with a warning. */
  entriesPerSide: 20_000,
  /** Pages read from each file. */
  pagesPerSide: 1_000,
  /** Rows kept in the model; the smallest changes are dropped first (counts and totals still cover all). */
  rows: 10_000,
  /** Domains in byDomain, largest time regression first. */
  domains: 200,
  /** Distinct notes in rulesUsed. */
  rulesUsed: 50,
  /** Characters of any outside string (URL, title, host…) kept in the model. */
  stringChars: 2_048,
  /** A duration above this (ms, ~11.6 days) is taken as this, so sums stay finite. */
  durationMs: 1e9,
  /** A size above this (bytes) is taken as this. */
  bytes: 1e13,
} as const;
