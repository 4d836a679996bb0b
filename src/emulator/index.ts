// Public entry of the embedded emulator.
export { startEmulator } from './server';
export * from './api';
export type { Episode, EpisodeKind, FeaturedAgent } from './world/episodes';
