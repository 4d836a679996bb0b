// The extension's settings (`netmon.*`). No secret is ever read from or written to them:
// the token lives in SecretStorage (see connection-manager.ts).
import * as vscode from 'vscode';
import type { ApiVersionSetting } from '../../api/client';
import { API_VERSION_SETTINGS } from '../../api/api-version';
import { showWarning } from '../ui/notify';

export type AuthForm = 'bearer' | 'basic' | 'query';
export const AUTH_FORMS: readonly AuthForm[] = ['bearer', 'basic', 'query'];

export interface NetmonSettings {
  baseUrl: string;
  authForm: AuthForm;
  email: string;
  timeoutMs: number;
  /** undefined: environment proxy; false: none; string: that proxy. */
  proxy: string | false | undefined;
  /** Tree children shown per "Load more" step. */
  pageSize: number;
  startInDemoMode: boolean;
  /** Which API dialect to speak: `auto` detects it per base URL (remembered; again at Sign In). */
  apiVersion: ApiVersionSetting;
}

const SECTION = 'netmon';

export function readSettings(): NetmonSettings {
  const config = vscode.workspace.getConfiguration(SECTION);
  const authForm = userString(config, 'authForm', 'bearer');
  const proxy = proxyOption(userString(config, 'proxy', ''));
  const apiVersion = userString(config, 'apiVersion', 'auto');
  if (typeof proxy === 'string') warnIfProxyHasCredentials(proxy);
  return {
    baseUrl: userString(config, 'baseUrl', '').trim(),
    authForm: isAuthForm(authForm) ? authForm : 'bearer',
    email: userString(config, 'email', '').trim(),
    timeoutMs: positiveInteger(config.get<number>('timeoutMs'), 30_000),
    proxy,
    pageSize: positiveInteger(config.get<number>('pageSize'), 100),
    // Which connection a window uses is the user's choice too: a folder cannot switch it to demo mode.
    startInDemoMode: config.inspect<unknown>('startInDemoMode')?.globalValue === true,
    apiVersion: (API_VERSION_SETTINGS as readonly string[]).includes(apiVersion)
      ? (apiVersion as ApiVersionSetting)
      : 'auto',
  };
}

/** Stores the non-secret parts of a sign-in, user-wide. */
export async function saveConnectionSettings(baseUrl: string, authForm: AuthForm, email: string): Promise<void> {
  const config = vscode.workspace.getConfiguration(SECTION);
  const target = vscode.ConfigurationTarget.Global;
  await config.update('baseUrl', baseUrl, target);
  await config.update('authForm', authForm, target);
  await config.update('email', email || undefined, target);
}

/**
 * Where API traffic goes is the user's choice, never a cloned folder's: these settings are
 * machine-scoped, and read here from user settings only, whatever a workspace file says.
 */
function userString(config: vscode.WorkspaceConfiguration, key: string, fallback: string): string {
  const value = config.inspect<unknown>(key)?.globalValue;
  return typeof value === 'string' ? value : fallback;
}

/** True when the proxy URL carries a user name or password (`http://user:pass@proxy:3128`). */
export function proxyHasCredentials(proxy: string): boolean {
  try {
    const url = new URL(proxy);
    return url.username !== '' || url.password !== '';
  } catch {
    return /^[^/]*\/\/[^/@]+@/.test(proxy); // not a URL parser's idea of a URL, but still user@host
  }
}

let proxyCredentialsWarned = false;

/** Says once per session, without blocking, that the proxy's password sits in plain settings. */
export function warnIfProxyHasCredentials(
  proxy: string,
  warn: (message: string) => unknown = (message) => showWarning(message),
): boolean {
  if (proxyCredentialsWarned || !proxyHasCredentials(proxy)) return false;
  proxyCredentialsWarned = true;
  void warn(
    'Netmon: the netmon.proxy setting contains credentials (user:password@). Settings are stored as plain text; ' +
      'prefer a proxy that does not need them in the URL, or the HTTPS_PROXY environment variable.',
  );
  return true;
}

export async function clearBaseUrl(): Promise<void> {
  await vscode.workspace.getConfiguration(SECTION).update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
}

export function isAuthForm(value: unknown): value is AuthForm {
  return typeof value === 'string' && (AUTH_FORMS as readonly string[]).includes(value);
}

function positiveInteger(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback;
}

function proxyOption(value: string): string | false | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (trimmed.toLowerCase() === 'none') return false;
  return trimmed;
}

/** Rejects what is not an http(s) URL; returns a message for an input box, or undefined. */
export function validateBaseUrl(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return 'Enter a full URL such as https://api.example.com';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'The base URL must start with http:// or https://';
  if (url.username || url.password)
    return 'Put no credentials in the URL: the token is asked for next and kept in secret storage';
  if (url.searchParams.has('authToken')) return 'Put no authToken in the URL: choose the "query" auth form instead';
  return undefined;
}

export function normalizeBaseUrl(value: string): string {
  return value.trim().replace(/\/+$/, '');
}
