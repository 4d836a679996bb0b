// The one table of HAR redaction rules, and every threshold they use. The engine
// (detect.ts, url.ts, headers.ts, body.ts, entry.ts) only reads this file: changing what
// is redacted means changing data here, not code there.

export const REDACTION_RULE_IDS = [
  'cookie',
  'authorization',
  'secret-header',
  'secret-query',
  'userinfo',
  'jwt',
  'high-entropy',
  'form-field',
  'json-field',
  'response-body',
] as const;
export type RedactionRuleId = (typeof REDACTION_RULE_IDS)[number];

export interface RedactionRule {
  id: RedactionRuleId;
  description: string;
  /** What the rule matches, in words (shown by `--help` and in the report file). */
  matches: string;
  /** Whether an option turns the rule off. */
  keptBy?: 'keepCookies' | 'keepBodies';
}

export const REDACTION_RULES: readonly RedactionRule[] = [
  {
    id: 'cookie',
    description: 'cookie values',
    keptBy: 'keepCookies',
    matches:
      'Cookie and Set-Cookie header values (names and attributes stay), request.cookies and response.cookies values',
  },
  {
    id: 'authorization',
    description: 'credentials of Authorization headers',
    matches:
      'Authorization and Proxy-Authorization header values, ' +
      'and any header whose value starts with a credential scheme (CREDENTIAL_SCHEMES: Basic, Bearer, …) ' +
      'whatever its name (the scheme word stays); ' +
      'in free text, the credential after Bearer, Basic, …',
  },
  {
    id: 'secret-header',
    description: 'headers named like a secret',
    matches:
      'header values whose name has a secret word ' +
      '(token, key, secret, session, auth, csrf, xsrf, password, signature, credential)',
  },
  {
    id: 'secret-query',
    description: 'URL parameters named like a secret',
    matches: 'query, fragment and ;path parameters with a secret name, in URLs and request.queryString alike',
  },
  {
    id: 'userinfo',
    description: 'user:password in URLs',
    matches:
      'userinfo of URLs (https://user:pass@host/) in request URLs, ' +
      'redirectURL, URL-valued headers, page titles and ids',
  },
  {
    id: 'jwt',
    description: 'JSON Web Tokens',
    matches:
      'three base64url segments whose first decodes to a JSON object with "alg", ' +
      'anywhere in URLs, headers, bodies and custom fields',
  },
  {
    id: 'high-entropy',
    description: 'long random-looking values',
    matches:
      'tokens of at least HIGH_ENTROPY.minLength characters that look random (see HIGH_ENTROPY), ' +
      'in URLs, header values, request bodies and custom fields; ' +
      'a URL path segment of any length after a word like reset, verify or invite (SECRET_PATH_CONTEXT)',
  },
  {
    id: 'form-field',
    description: 'form fields named like a secret',
    matches:
      'postData.params, form-encoded and multipart bodies (recognised by their content, whatever the MIME type), ' +
      'name:value lines of frames (STOMP), XML elements and attributes, HTML inputs and meta tags, by name',
  },
  {
    id: 'json-field',
    description: 'JSON fields named like a secret',
    matches:
      'values of JSON keys and {name, value} pairs with a secret name in bodies and WebSocket frames ' +
      '(by content: also NDJSON, JSONP, Socket.IO, base64, JSON in a string), ' +
      'GraphQL arguments with a secret name and the variables filling them ' +
      '(bounded walk: too deep or too large bodies are removed whole)',
  },
  {
    id: 'response-body',
    description: 'response bodies',
    keptBy: 'keepBodies',
    matches: 'response.content.text (content.size and mimeType stay; the marker gives the size)',
  },
];

/**
 * A name (header, parameter, cookie, field, JSON key) is a secret's when one of its words —
 * split at punctuation and camelCase — matches. Words, not substrings: `keyword`, `author`,
 * `keep-alive` and `monkey`-like accidents stay readable; `X-Api-Key`, `apikey`, `PHPSESSID`,
 * `JSESSIONID`, `csrfmiddlewaretoken`, `X-Amz-Signature` and `new_password` are secrets.
 */
export const SECRET_NAME_WORD = new RegExp(
  [
    '^(?:\\w*tokens?|\\w*keys?|\\w*secrets?|(?:php|j|asp|cf)?sess(?:ion)?(?:id\\w*|key|token)?s?|sid|',
    'o?auth(?:n|z|orization|entication|code)?|\\w*csrf\\w*|\\w*xsrf\\w*|\\w*passwor[dt]s?|passwd|pass|',
    'pwd|pw|pass(?:code|phrase)s?|pin|\\w*signature|sig|credentials?|otp|totp|mfa|',
    'saml(?:request|response)?|cookies?)$',
  ].join(''),
);

/**
 * Whole names that are a secret's though their words alone are not: `code` is OAuth's
 * authorization code (`?code=…&state=…`) and one-time codes' usual name; `country_code`
 * and `status_code` stay.
 */
export const SECRET_WHOLE_NAME = new RegExp(
  [
    '^(?:code|(?:verification|verify|reset|sms|email|mfa|2fa|login|confirm|confirmation|security|',
    'recovery|invite|activation|access)[-_]?code)$',
  ].join(''),
  'i',
);

/**
 * Header values that are credentials whatever the header is called (`X-Upstream-Auth:
 * Basic …`): the first word, followed by a space, is one of these schemes (any case).
 */
export const CREDENTIAL_SCHEMES: readonly string[] = [
  'basic',
  'bearer',
  'digest',
  'negotiate',
  'ntlm',
  'token',
  'hoba',
  'mutual',
  'dpop',
  'apikey',
  'aws4-hmac-sha256',
  'gssapi',
];

/**
 * A URL path segment right after one of these (not after any secret-named word: `/sessions/`
 * and `/keys/` name REST collections, whose ids stay) is a credential whatever its length
 * (`/reset-password/R7x9Q2`, a 6-digit `/verify/448812`) unless it is a file name or words
 * without a digit (HIGH_ENTROPY.maxWordShare: `/verify/email`, `/invite/accept`); a segment
 * kept as words passes the context on (`/verify/email/<token>`):
 * `/password/reset/3f9a7c2e1b8d`, `/invite/k2Jd9sL0qP`, `/verify-email/…`.
 */
export const SECRET_PATH_CONTEXT = new RegExp(
  [
    '^(?:reset|password-?reset|reset-?password|forgot|verify|verification|verify-?email|confirm|',
    'confirmation|activate|activation|invite|invitation|magic|magic-?link|unlock|recover|recovery|',
    'unsubscribe|one-?time)$',
  ].join(''),
  'i',
);

/**
 * In free text (a comment, a page title, a body), the word after one of these schemes is a
 * credential (`curl -H 'Authorization: Bearer …'`) when it looks like one: for Basic, base64
 * of `user:password`; for the others at least 8 characters mixing digits or cases. The other
 * CREDENTIAL_SCHEMES are English words (token, digest, mutual) in text.
 */
export const TEXT_CREDENTIAL_SCHEMES: readonly string[] = ['basic', 'bearer', 'negotiate', 'ntlm', 'dpop'];

/** Authorization-like headers: the value is a credential whatever it looks like. */
export const AUTHORIZATION_HEADERS: readonly string[] = ['authorization', 'proxy-authorization'];

export const COOKIE_HEADERS: readonly string[] = ['cookie', 'set-cookie'];

/** Headers whose value is a URL (absolute, or relative like HTTP/2's :path) or holds URLs (Link). */
export const URL_HEADERS: readonly string[] = [':path', 'location', 'content-location', 'referer', 'origin', 'link'];

/**
 * Headers whose long opaque values are identifiers a troubleshooter needs (request ids to
 * quote to a vendor, cache validators, CSP hashes and nonces, multipart boundaries), not
 * credentials: the high-entropy rule skips them (JWTs in them are still removed). A header
 * named like a secret is redacted all the same.
 */
export const ENTROPY_EXEMPT_HEADER = new RegExp(
  [
    '^(?:content-type|etag|if-none-match|if-match|content-security-policy(?:-report-only)?|',
    '(?:content-|repr-|want-)?digest|content-md5|traceparent|tracestate|baggage|cf-ray|x-amz-cf-id|',
    'x-amz-id-2|user-agent|accept.*|sec-ch-.*|report-to|nel|server-timing|.*request-?id|.*trace-?id|',
    '.*correlation-?id|.*-id)$',
  ].join(''),
);

/**
 * The high-entropy rule. A token (a run of base64/base64url characters) is redacted when
 * - it has at least `minLength` characters: 24 catches API keys (32–40), access tokens and
 *   session ids of 24+ characters; shorter random ids (request ids, nanoid build ids,
 *   8-character asset hashes) carry less risk and more troubleshooting value;
 * - it mixes at least two of lower case, upper case and digits (or is hex of `minHexLength`):
 *   ordinary long words (`internationalization`) are one class;
 * - its Shannon entropy is at least `minBitsPerChar` (excludes `aaaa…1` and `0000…`);
 * - at most `maxWordShare` of it is readable words (runs of letters with vowels and no
 *   long consonant runs): `ProductListingPageV2Experiment`, `page2-section-introduction-v3`
 *   and `getUserPreferencesForAccount2` stay, while random base64 of 32 characters is
 *   kept by this test only about 0.2% of the time (measured on 20,000 random tokens).
 * UUIDs stay (they are resource ids far more often than credentials; a UUID under a secret
 * name is redacted by the name rules), as do static assets' file names with a content hash
 * (`app.5f3e8d9c2b1a4f6e7d8c9b0a1f2e3d4c.js`) and data: URLs (page content, not credentials).
 */
export const HIGH_ENTROPY = {
  minLength: 24,
  minHexLength: 32,
  minBitsPerChar: 3,
  maxWordShare: 0.6,
} as const;

/**
 * Candidate tokens in free text: maximal runs of base64, base64url and hex characters
 * (`A–Z a–z 0–9 + / _ -`) of at least `minLength`, with up to two `=` of padding. Found by a
 * scanner (shapes.ts), never by a pattern that backtracks.
 */
export const TOKEN_SHAPE = { minLength: HIGH_ENTROPY.minLength } as const;

/**
 * A JWS (header.payload.signature, the signature empty for alg "none") or a JWE (5
 * segments); the header starts with `eyJ` (base64url of `{"`) and has at least
 * `minHeaderChars` characters. Found by a scanner (shapes.ts).
 */
export const JWT_SHAPE = { prefix: 'eyJ', minHeaderChars: 9 } as const;
/** Longest JWT header decoded to check it is JSON: real ones are under 200 characters. */
export const JWT_MAX_HEADER_CHARS = 2048;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Media types of binary bodies: base64 ones are kept with --keep-bodies as they are, not decoded (an SVG is text). */
export const BINARY_MIME = /^\s*(?:image\/(?!svg)|audio\/|video\/|font\/)/i;

/** File names of static assets, whose content hashes stay (`main.3f2a9c1b.js`). */
export const STATIC_ASSET =
  /\.(?:m?js|css|map|png|jpe?g|gif|svg|webp|avif|ico|bmp|woff2?|ttf|otf|eot|wasm|mp4|webm|mp3|json|html?|txt|xml)$/i;

/**
 * Bounds of the walks over outside data: a JSON body deeper or larger than this is removed
 * whole (it cannot be checked key by key within our budget), not walked.
 */
export const JSON_BODY_LIMITS = {
  maxDepth: 64,
  maxNodes: 200_000,
  maxChars: 16 * 1024 * 1024,
} as const;

/**
 * Content inside content: JSON in a JSON string, base64 in a frame, a form value holding
 * JSON, JSON in an HTML script element. Each level is parsed as what it is up to this many
 * levels; below that, text that would be parsed (JSON or markup) is removed whole.
 */
export const NESTED_CONTENT_MAX_DEPTH = 5;

/**
 * JSON after a prefix and before a suffix: Socket.IO and Engine.IO (`42[…]`, `42/chat,17[…]`,
 * `0{…}`), SockJS (`a[…]`), JSONP (`cb({…});`), guards against JSON hijacking (`)]}'`,
 * `for(;;);`, `while(1);`) and state assigned in a script (`window.__STATE__ = {…};`); after
 * it at most `)`, `;`, spaces and SignalR's record separator. Only these: a script that merely
 * contains JSON is not taken for it.
 */
export const JSON_PREFIX = new RegExp(
  [
    "^(?:\\d{1,4}(?:\\/[\\w./-]{0,64},)?\\d{0,20}|[a-z]|\\)\\]\\}',?\\s*|for\\s*\\(;;\\);?\\s*|",
    'while\\s*\\(1\\);?\\s*|[\\w$.]{1,128}\\s*(?:\\(|=\\s*))$',
  ].join(''),
);
export const JSON_SUFFIX = /^[\s);\u001e]{0,16}$/; // eslint-disable-line no-control-regex

/**
 * `{name, value}` pairs (jQuery's serializeArray, HAR-like header lists, `{Key, Value}` tags):
 * an object with one of PAIR_NAME_KEYS and one of PAIR_VALUE_KEYS (any case) whose name is a
 * secret's has its value removed.
 */
export const PAIR_NAME_KEYS: readonly string[] = ['name', 'key', 'field', 'param', 'parameter'];
export const PAIR_VALUE_KEYS: readonly string[] = ['value', 'val'];

/**
 * In markup, the attributes that name an element (`<input name="csrf_token" value="…">`,
 * `<meta name="csrf-token" content="…">`) and the attributes that then hold its secret.
 */
export const MARKUP_NAME_ATTRIBUTES: readonly string[] = ['name', 'id', 'property', 'itemprop'];
export const MARKUP_VALUE_ATTRIBUTES: readonly string[] = ['value', 'content'];

/** Custom fields (`_initiator`, `_webSocketMessages`, comments) are walked this deep. */
export const LOOSE_FIELD_MAX_DEPTH = 32;

/** The report lists this many locations per rule and counts the rest. */
export const REPORT_LOCATIONS_PER_RULE = 200;
/** Names in the report and in markers are cut to this many characters. */
export const NAME_MAX_CHARS = 80;

/** The stream refuses a single entry (or other log member) larger than this. */
export const MAX_STREAM_VALUE_CHARS = 64 * 1024 * 1024;

/**
 * Markers. Outside URLs: `[redacted: cookie sessionid]`, `[redacted: body 5.2 kB]`. Inside
 * URLs (and the parallel queryString / form params, so both stay equal), a marker made of
 * unreserved URL characters only, so the URL parses the same and encodes to itself:
 * `?token=REDACTED-query&state=REDACTED-jwt`, `https://REDACTED-userinfo@host/`. The
 * parameter's name stays beside it, so a reader still sees the parameter was there.
 */
export const MARKER_PREFIX = '[redacted: ';
export const URL_MARKER_PREFIX = 'REDACTED-';
