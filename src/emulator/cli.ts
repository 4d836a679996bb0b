// netmon-emulator: runs the embedded API emulator as a standalone server.
import { DEMO_CREDENTIALS } from './api';
import { USAGE, parseCli } from './cli-args';
import { startEmulator } from './server';

async function main(): Promise<void> {
  let command;
  try {
    command = parseCli(process.argv.slice(2));
  } catch (error) {
    console.error(`netmon-emulator: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
  if (command.help) {
    console.log(USAGE);
    return;
  }
  const { options } = command;
  const emulator = await startEmulator(options);
  const { admin, viewer } = DEMO_CREDENTIALS;
  console.log(
    `Netmon API emulator (${options.preset ?? 'demo'} preset, seed ${options.seed ?? 1}, API ` +
      `${emulator.api}) listening on ${emulator.url}`,
  );
  console.log(`  Account Admin: Authorization: Bearer ${admin.token}   (e-mail ${admin.email})`);
  console.log(`  Read-only:     Authorization: Bearer ${viewer.token}   (e-mail ${viewer.email})`);
  const sample = emulator.api === 'v7' ? '/v7/endpoint/agents' : '/v7/endpoint-tests';
  console.log(`  Try: curl -H 'Authorization: Bearer ${admin.token}' ${emulator.url}${sample}`);
  if (options.dataFile) console.log(`  Created tests persist in ${options.dataFile}`);
  if (options.control) console.log(`  Control routes enabled under ${emulator.url}/_emulator/`);
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping`);
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`netmon-emulator: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
