// Public entry of the embedded emulator.
export { startEmulator } from './server';
export * from './api';
export type { Episode, EpisodeKind, FeaturedAgent } from './world/episodes';
export type { PathEpisode, PathEpisodeKind } from './world/path-episodes';
export { PATH_EPISODE_KINDS } from './world/path-episodes';
