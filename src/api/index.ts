// Entry point of the typed client: the interface, its errors and the factory.
export * from './client';
export { API_VERSION_SETTINGS } from './api-version';
export { createNetmonClient } from './netmon-client';
export { pickAccountGroup } from './account-groups';
export { redactUrl } from './auth';
export { AgentDirectory, type AgentDirectoryOptions } from './agent-directory';
