// Which API dialect a connection speaks, and why: the one place that words it for the status
// bar and the log. In `auto`, the answer of a detection is remembered per base URL (global
// state) so later sessions skip the probe; Sign In always detects again.
import type * as vscode from 'vscode';
import type { ApiVersion, ApiVersionSetting } from '../../api/client';

/** How the dialect in use was chosen. */
export type ApiSource = 'detected' | 'setting' | 'emulator';

export interface ApiInUse {
  version: ApiVersion;
  source: ApiSource;
}

/** What a new client is told, and whose choice that is. */
export interface ApiChoice {
  option: ApiVersionSetting;
  source: ApiSource;
}

const rememberedKey = (baseUrl: string): string => `netmon.apiVersion:${baseUrl}`;

export function rememberedApiVersion(state: vscode.Memento, baseUrl: string): ApiVersion | undefined {
  const value = state.get<unknown>(rememberedKey(baseUrl));
  return value === 'v6' || value === 'v7' ? value : undefined;
}

export function rememberApiVersion(state: vscode.Memento, baseUrl: string, version: ApiVersion): Thenable<void> {
  return state.update(rememberedKey(baseUrl), version);
}

/** A remote connection: the setting when it names a version, else the remembered answer, else detection. */
export function remoteApiChoice(setting: ApiVersionSetting, remembered: ApiVersion | undefined): ApiChoice {
  if (setting !== 'auto') return { option: setting, source: 'setting' };
  return { option: remembered ?? 'auto', source: 'detected' };
}

/** "API v7" or "API v6 (retired service)": the status bar's words. */
export function apiLabel(version: ApiVersion): string {
  return version === 'v7' ? 'API v7' : 'API v6 (retired service)';
}

const SOURCE_TEXT: Record<ApiSource, string> = {
  detected: 'detected',
  setting: 'set by netmon.apiVersion',
  emulator: 'emulator',
};

/** "API v7 (detected)", "API v6 (set by netmon.apiVersion)", "API v7 (emulator)". */
export function apiInUseText(api: ApiInUse): string {
  return `API ${api.version} (${SOURCE_TEXT[api.source]})`;
}
