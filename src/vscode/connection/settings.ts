// The extension's settings (`netmon.*`). No secret is ever read from or written to them:
// the token lives in SecretStorage (see connection-manager.ts).
import * as vscode from 'vscode';

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
}

const SECTION = 'netmon';

export function readSettings(): NetmonSettings {
  const config = vscode.workspace.getConfiguration(SECTION);
  const authForm = config.get<string>('authForm', 'bearer');
  return {
    baseUrl: config.get<string>('baseUrl', '').trim(),
    authForm: isAuthForm(authForm) ? authForm : 'bearer',
    email: config.get<string>('email', '').trim(),
    timeoutMs: positiveInteger(config.get<number>('timeoutMs'), 30_000),
    proxy: proxyOption(config.get<string>('proxy', '')),
    pageSize: positiveInteger(config.get<number>('pageSize'), 100),
    startInDemoMode: config.get<boolean>('startInDemoMode', false),
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
  if (url.username || url.password) return 'Put no credentials in the URL: the token is asked for next and kept in secret storage';
  if (url.searchParams.has('authToken')) return 'Put no authToken in the URL: choose the "query" auth form instead';
  return undefined;
}

export function normalizeBaseUrl(value: string): string {
  return value.trim().replace(/\/+$/, '');
}
