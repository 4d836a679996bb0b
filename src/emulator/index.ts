// Public entry of the embedded emulator.
export { startEmulator } from './server';
export * from './api';
