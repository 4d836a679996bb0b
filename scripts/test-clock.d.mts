/** Moves this process's clock to `instant` (ISO 8601) as of the real epoch ms `anchoredAt` (default now). */
export function shiftClock(instant: string | undefined, anchoredAt?: string): void;
