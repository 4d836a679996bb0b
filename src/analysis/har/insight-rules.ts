// The one table of HAR insight rules: what each is called, the thresholds it fires at and
// the one sentence of what to do. Checks (insight-checks*.ts) read their numbers from here
// and nowhere else. Sources: Lighthouse/DevTools audit defaults (redirects, text
// compression, render-blocking), the six-connection limit of HTTP/1.1 browsers, and
// WebPageTest's checks (keep-alive, cache validators, image sizes).
const KB = 1024;

export const INSIGHT_RULES = {
  slowServer: {
    title: 'Slow server response',
    /** Server wait (TTFB's wait phase) at least this long, ms … */
    minWaitMs: 400,
    /** … and this many times the page's median server wait. */
    overMedian: 3,
    advice:
      'Find what the server does before answering (a slow query, a cold cache, an upstream call) ' +
      'and make it answer sooner or cache the answer.',
  },
  networkCost: {
    title: 'Network cost on the critical path',
    /** Connect + TLS + server wait beyond the same origin's best, ms, summed over the path. */
    minExcessMs: 100,
    advice:
      'The network, not the server, made these requests slow: ' +
      'check the path from the user to this origin (Wi-Fi, VPN, ISP) in the session verdict.',
  },
  redirects: {
    title: 'Redirect chain',
    /** Hops whose time together is at least this, ms. */
    minMs: 50,
    advice: 'Link to the final URL directly, so the browser does not pay a round trip per redirect.',
  },
  renderBlocking: {
    title: 'Render-blocking requests before first paint',
    /** How long they held first paint after the document arrived, ms. */
    minMs: 50,
    advice: 'Inline the critical CSS, load scripts with defer or async, and fetch the rest after first paint.',
  },
  connectionSetup: {
    title: 'Connection setup on the critical path',
    /** DNS + connect + TLS of critical requests together, ms. */
    minMs: 100,
    advice:
      'Preconnect (<link rel="preconnect">) to these origins, ' +
      'or serve the resources from an origin the page already has a connection to.',
  },
  connectionReuse: {
    title: 'New connections instead of reuse',
    /**
     * Connections to one origin beyond which some were not reused: a browser opens six over HTTP/1.1, one over HTTP/2
     * and 3.
     */
    maxHttp1: 6,
    maxHttp2: 1,
    advice: 'Keep connections alive (and serve over HTTP/2 or 3) so one connection per origin carries its requests.',
  },
  manyOrigins: {
    title: 'Too many origins',
    /** Origins the page set up a connection to, at most. */
    maxOrigins: 8,
    advice:
      'Drop or self-host resources from minor origins; each one costs a DNS lookup, a connection and a TLS handshake.',
  },
  http1Queueing: {
    title: 'HTTP/1.1 connection-limit queueing',
    /** Queued (blocked) at least this long, ms … */
    minBlockedMs: 50,
    /** … for at least this many requests to one origin. */
    minRequests: 3,
    advice:
      'Serve this origin over HTTP/2 or 3, or bundle the requests, so they do not queue for one of six connections.',
  },
  uncompressed: {
    title: 'Uncompressed text',
    /** Text bodies at least this large, bytes. */
    minBytes: 2 * KB,
    /** Share of the download gzip or Brotli typically saves on text. */
    typicalSaving: 0.7,
    advice: 'Enable gzip or Brotli for text responses (HTML, CSS, JavaScript, JSON, SVG).',
  },
  noValidators: {
    title: 'Missing cache validators',
    advice:
      'Send ETag or Last-Modified (and Cache-Control max-age for versioned files) ' +
      'so repeat visits revalidate or skip the download.',
  },
  largeImages: {
    title: 'Large images',
    /** Image bodies at least this large, bytes … */
    minBytes: 200 * KB,
    /** … could typically be this large, resized and in a modern format. */
    targetBytes: 100 * KB,
    advice: 'Resize images to the size they are shown at and serve AVIF or WebP.',
  },
  duplicates: {
    title: 'Duplicate requests',
    /** Successful downloads of one URL, at least. */
    minCount: 2,
    advice: 'Fetch once and reuse the response, or let the HTTP cache serve the repeats.',
  },
  storms: {
    title: 'Request storm',
    /** The same method, URL and body at least this many times … */
    minCount: 5,
    /** … within this window, ms. */
    windowMs: 2000,
    advice: 'Debounce or batch these calls: something is sending the same request again and again.',
  },
  retries: {
    title: 'Retries after failure',
    /** The same request again within this long after it failed, ms. */
    windowMs: 5000,
    advice: 'Fix the failure the retries answer, and back off between retries.',
  },
  failed: {
    title: 'Failed requests',
    advice: 'Fix or remove the requests that fail: each costs a round trip and may leave part of the page broken.',
  },
  thirdParty: {
    title: 'Third-party share',
    /** Share of bytes or of request time from other sites, at least. */
    minShare: 0.3,
    advice:
      'Load third-party scripts after the page (async, defer or on interaction) ' +
      'and drop those that do not earn their cost.',
  },
  mainThread: {
    title: 'Long main-thread gaps',
    /** A stretch with no request in flight at least this long, ms. */
    minGapMs: 500,
    advice: 'Profile the page in the browser: long script or rendering tasks ran while no request was in flight.',
  },
} as const;

export type RuleId = keyof typeof INSIGHT_RULES;
export const RULE_IDS = Object.keys(INSIGHT_RULES) as RuleId[];

/** Requests named per finding at most; the count says how many there were. */
export const MAX_NAMED_REQUESTS = 10;
