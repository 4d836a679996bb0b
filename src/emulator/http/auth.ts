// Credentials (Bearer, Basic email:token, authToken query) and the account-group context.
import type { IncomingHttpHeaders } from 'node:http';
import type { DemoUser, GroupWorld, World } from '../world/model';
import { HttpError, badRequest, invalidField } from './errors';

const CHALLENGE = { 'www-authenticate': 'Bearer realm="netmon", Basic realm="netmon"' };

export function authenticate(
  users: readonly DemoUser[],
  headers: IncomingHttpHeaders,
  query: URLSearchParams,
): DemoUser {
  const header = headers.authorization;
  const queryToken = query.get('authToken');
  if (!header && queryToken === null) {
    throw new HttpError(
      401,
      'Authentication required: send Authorization: Bearer <token>, Basic <email:token> or authToken=<token>',
      CHALLENGE,
    );
  }
  const user = header ? fromHeader(users, header) : users.find((u) => u.token === queryToken);
  if (!user) throw new HttpError(401, 'Invalid credentials: the token (or e-mail and token) is not known', CHALLENGE);
  return user;
}

/** Exactly `<scheme> <credential>`; messages never repeat the header, which may be a credential. */
function fromHeader(users: readonly DemoUser[], header: string): DemoUser | undefined {
  const match = /^(\S+)[ \t]+(\S+)$/.exec(header.trim());
  if (!match)
    throw new HttpError(
      401,
      'Malformed Authorization header: send Bearer <token> or Basic <base64 of email:token>',
      CHALLENGE,
    );
  const scheme = (match[1] ?? '').toLowerCase();
  const credential = match[2] ?? '';
  if (scheme === 'bearer') return users.find((u) => u.token === credential);
  if (scheme !== 'basic') throw new HttpError(401, 'Unsupported Authorization scheme: use Bearer or Basic', CHALLENGE);
  const decoded = Buffer.from(credential, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const email = decoded.slice(0, colon).toLowerCase();
  const token = decoded.slice(colon + 1);
  return users.find((u) => u.email.toLowerCase() === email && u.token === token);
}

export interface GroupContext {
  aid: number;
  group: GroupWorld;
}

/** `groupsPath` is where the dialect lists the caller's account groups, named in the error. */
export function selectGroup(
  world: World,
  user: DemoUser,
  query: URLSearchParams,
  groupsPath = '/v6/account-groups',
): GroupContext {
  const text = query.get('aid');
  const aid = text === null ? user.aids[0] : parseAid(text);
  if (aid === undefined) throw badRequest(`User ${user.email} is not assigned to any account group`);
  const group = user.aids.includes(aid) ? world.group(aid) : undefined;
  if (!group) {
    throw invalidField(
      'aid',
      `aid ${aid}: user ${user.email} is not assigned to that account group (GET ${groupsPath} lists yours)`,
    );
  }
  return { aid, group };
}

function parseAid(text: string): number {
  if (!/^[0-9]{1,12}$/.test(text))
    throw invalidField('aid', `aid '${text.slice(0, 40)}' must be an account group id (integer)`);
  return Number(text);
}

/** Who is calling, or why they are not identified (the 401 to answer once routing starts). */
export type Caller = { user: DemoUser; rejection?: undefined } | { user?: undefined; rejection: HttpError };

/** Identifies the caller without throwing, so errors raised earlier can carry their budget. */
export function identify(users: readonly DemoUser[], headers: IncomingHttpHeaders, query: URLSearchParams): Caller {
  try {
    return { user: authenticate(users, headers, query) };
  } catch (error) {
    if (error instanceof HttpError) return { rejection: error };
    throw error;
  }
}
