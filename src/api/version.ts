// The user agent names this package's version; esbuild inlines just the `version` field.
import { version } from '../../package.json';

export const PACKAGE_VERSION: string = version;
export const DEFAULT_USER_AGENT = `netmon-workbench/${PACKAGE_VERSION}`;
