// What differs between the two API dialects the emulator can speak, at the HTTP level: how a
// failure is written and which JSON media types answers carry. v6 (the spec): errors are
// `{"errorMessage": …}`. v7 (the service today): errors are RFC 7807 problem+json (`type`,
// `title`, `status`, `detail`, `errors[]` naming the fields of a validation failure), a 401
// is OAuth's `{error, error_description}`, and successes are `application/hal+json`.
import { STATUS_CODES } from 'node:http';
import type { HttpError } from './errors';

export type ApiDialect = 'v6' | 'v7';
export const API_DIALECTS: readonly ApiDialect[] = ['v6', 'v7'];

export const HAL_JSON = 'application/hal+json';
export const PROBLEM_JSON = 'application/problem+json';

export interface ErrorRendering {
  body: Record<string, unknown>;
  contentType?: string;
}

export function errorBody(dialect: ApiDialect, error: HttpError): ErrorRendering {
  if (dialect === 'v6') return { body: { errorMessage: error.message } };
  if (error.status === 401)
    return { body: { error: 'invalid_token', error_description: error.message }, contentType: PROBLEM_JSON };
  const body: Record<string, unknown> = {
    type: 'about:blank',
    title: STATUS_CODES[error.status] ?? 'Error',
    status: error.status,
    detail: error.message,
  };
  if (error.fieldErrors.length > 0)
    body.errors = error.fieldErrors.map((e) => ({ code: 'invalid', field: e.field, message: e.message }));
  return { body, contentType: PROBLEM_JSON };
}

/** Media type of a successful JSON answer (a route may name another, as its operation says). */
export function successType(dialect: ApiDialect): string | undefined {
  return dialect === 'v7' ? HAL_JSON : undefined;
}
