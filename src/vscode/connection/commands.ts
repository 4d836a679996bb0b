// Connection commands: Sign In, Sign Out, Use Demo Account, Switch Account Group.
// The commands take no arguments: where API traffic goes is asked of the user. The
// extension-host suites call signIn/switchAccountGroup with their input (test API).
import * as vscode from 'vscode';
import { withWindowProgress } from '../ui/notify';
import { pick } from '../ui/quick-pick';
import type { AccountGroup } from '../../api/types';
import { registerCommands, reporting } from '../command-util';
import type { ConnectionInfo, ConnectionManager, SignInInput } from './connection-manager';
import { AUTH_FORMS, isAuthForm, normalizeBaseUrl, readSettings, validateBaseUrl, type AuthForm } from './settings';
import { COMMAND } from '../command-ids.generated';

export interface ConnectionCommandsApi {
  signIn(input: unknown): Promise<ConnectionInfo | undefined>;
  switchAccountGroup(aid: unknown): Promise<AccountGroup | undefined>;
}

export function registerConnectionCommands(
  context: vscode.ExtensionContext,
  connection: ConnectionManager,
): ConnectionCommandsApi {
  registerCommands(context, {
    [COMMAND.signIn]: () => signIn(connection, undefined),
    [COMMAND.signOut]: () => reporting('Signing out', () => connection.signOut()),
    [COMMAND.useDemo]: () =>
      reporting('Starting demo mode', () =>
        withWindowProgress('Starting the Netmon demo emulator…', () => connection.useDemo()),
      ),
    [COMMAND.switchAccountGroup]: () => switchAccountGroup(connection, undefined),
  });
  return {
    signIn: (input) => signIn(connection, input),
    switchAccountGroup: (aid) => switchAccountGroup(connection, aid),
  };
}

async function signIn(connection: ConnectionManager, input: unknown): Promise<ConnectionInfo | undefined> {
  const target = (input === undefined ? undefined : parseSignIn(input)) ?? (await askSignIn());
  if (!target) return undefined;
  const host = new URL(target.baseUrl).host;
  return reporting(`Signing in to ${host}`, () =>
    withWindowProgress(`Signing in to ${host}…`, () => connection.signIn(target)),
  );
}

function parseSignIn(value: unknown): SignInInput | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { baseUrl, authForm, email, token } = value as Record<string, unknown>;
  if (
    typeof baseUrl !== 'string' ||
    validateBaseUrl(baseUrl) !== undefined ||
    typeof token !== 'string' ||
    token === ''
  )
    return undefined;
  return {
    baseUrl: normalizeBaseUrl(baseUrl),
    authForm: isAuthForm(authForm) ? authForm : 'bearer',
    email: typeof email === 'string' ? email : '',
    token,
  };
}

const AUTH_FORM_ITEMS: Record<AuthForm, { label: string; detail: string }> = {
  bearer: { label: 'Bearer token', detail: 'Authorization: Bearer <token> (current API)' },
  basic: { label: 'Basic (e-mail and API token)', detail: 'Authorization: Basic <email:token> (older examples)' },
  query: { label: 'authToken query parameter', detail: '?authToken=<token> (oldest examples; redacted in logs)' },
};

async function askSignIn(): Promise<SignInInput | undefined> {
  const settings = readSettings();
  const title = 'Netmon: Sign In';
  const baseUrl = await vscode.window.showInputBox({
    title,
    prompt: 'Base URL of the monitoring API',
    placeHolder: 'https://api.example.com',
    value: settings.baseUrl,
    ignoreFocusOut: true,
    validateInput: (value) => validateBaseUrl(value),
  });
  if (baseUrl === undefined) return undefined;
  const form = await pick(
    AUTH_FORMS.map((id) => ({ ...AUTH_FORM_ITEMS[id], id, picked: id === settings.authForm })),
    {
      title,
      placeHolder: 'How the API expects the token',
      ignoreFocusOut: true,
    },
  );
  if (!form) return undefined;
  let email = '';
  if (form.id === 'basic') {
    const entered = await vscode.window.showInputBox({
      title,
      prompt: 'E-mail of the API user',
      value: settings.email,
      ignoreFocusOut: true,
      validateInput: (value) =>
        /^[^@\s]+@[^@\s]+$/.test(value.trim()) ? undefined : 'Enter the e-mail address the token belongs to',
    });
    if (entered === undefined) return undefined;
    email = entered.trim();
  }
  const token = await vscode.window.showInputBox({
    title,
    prompt: "API token (kept in VS Code's secret storage, never in settings)",
    password: true,
    ignoreFocusOut: true,
    validateInput: (value) =>
      value.trim() === '' ? 'Enter the API token' : /\s/.test(value.trim()) ? 'A token has no spaces' : undefined,
  });
  if (token === undefined) return undefined;
  return { baseUrl: normalizeBaseUrl(baseUrl), authForm: form.id, email, token: token.trim() };
}

async function switchAccountGroup(connection: ConnectionManager, aid: unknown): Promise<AccountGroup | undefined> {
  return reporting('Switching the account group', async () => {
    const groups = await withWindowProgress('Loading account groups…', () => connection.listAccountGroups());
    const current = connection.current?.accountGroup?.aid;
    const chosen =
      typeof aid === 'number' || typeof aid === 'string'
        ? groups.find((group) => String(group.aid) === String(aid))
        : (
            await pick(
              groups.map((group) => ({
                label: group.accountGroupName,
                description: `aid ${group.aid}${group.default ? ' · default' : ''}`,
                detail: group.aid === current ? 'current' : undefined,
                group,
              })),
              { title: 'Netmon: Switch Account Group' },
            )
          )?.group;
    if (!chosen) {
      if (aid !== undefined) throw new Error(`You are not assigned to account group ${String(aid)}`);
      return undefined;
    }
    await connection.setAccountGroup(chosen);
    return chosen;
  });
}
