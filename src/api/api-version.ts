// The API version settings the user can choose (VS Code's netmon.apiVersion, the CLI's --api):
// one list for the extension's setting and every command. A module of its own, so the
// extension's activation bundle can read it without loading the client.
import type { ApiVersionSetting } from './client';

export const API_VERSION_SETTINGS: readonly ApiVersionSetting[] = ['auto', 'v7', 'v6'];
