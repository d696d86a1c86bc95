import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startEsiSimulator } from './esi-simulator';
import { DEMO_SSO_CLIENT } from './sso/sso-authority';
import { loadUniverseFromStaticDataset } from './universe/static-dataset-universe.loader';
import { testUniverse } from './universe/test-universe';
import { PROFILE_NAMES, type ProfileName } from './world/world-profiles';

const usage = `Runs the ESI + SSO simulator on its own port.

  node tools/run.js services/esi-sim/src/cli.ts [options]

  --port <n>          port (default 8099; 0 picks a free one)
  --host <address>    listen address (default 127.0.0.1)
  --seed <text>       world seed (default tradewise)
  --profile <name>    ${PROFILE_NAMES.join(' | ')} (default demo)
  --static-data <dir> static dataset to read the universe from (default $STATIC_DATA_DIR or data/static)
  --test-universe     use the small bundled universe instead of the static dataset
  --now <iso date>    start the simulation clock at this instant (default: now)
  --frozen            keep the clock still (move it with POST /_sim/clock)
  --no-rate-limits    switch ESI's rate limits off (benchmarks)
  --data-dir <dir>    keep the SSO's grants there across restarts (default: in memory only)
  --help`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8099' },
      host: { type: 'string', default: '127.0.0.1' },
      seed: { type: 'string', default: 'tradewise' },
      profile: { type: 'string', default: 'demo' },
      'static-data': { type: 'string' },
      'test-universe': { type: 'boolean', default: false },
      now: { type: 'string' },
      frozen: { type: 'boolean', default: false },
      'no-rate-limits': { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const profile = values.profile as ProfileName;
  if (!PROFILE_NAMES.includes(profile))
    throw new Error(`--profile must be one of ${PROFILE_NAMES.join(', ')}`);
  const staticDir = resolve(values['static-data'] ?? process.env['STATIC_DATA_DIR'] ?? 'data/static');
  const universe = values['test-universe'] ? testUniverse() : await loadUniverseFromStaticDataset(staticDir);
  const simulator = await startEsiSimulator({
    universe,
    seed: values.seed,
    profile,
    port: Number(values.port),
    host: values.host,
    now: values.now,
    frozen: values.frozen,
    rateLimits: !values['no-rate-limits'],
    dataDir: values['data-dir'] === undefined ? undefined : resolve(values['data-dir']),
  });
  console.log(
    `ESI + SSO simulator at ${simulator.url} (${universe.source}, profile ${profile}, seed ${values.seed})`,
  );
  console.log(
    `  SSO client: ${DEMO_SSO_CLIENT.clientId} / ${DEMO_SSO_CLIENT.clientSecret} (any callback URL)`,
  );
  console.log(`  control API: ${simulator.url}/_sim`);
  for (const character of simulator.world.characters) {
    console.log(`  ${character.characterId}  ${character.name}`);
  }
  const warmStart = Date.now();
  await simulator.warmUp();
  console.log(`  wallets generated in ${Date.now() - warmStart} ms`);
  const stop = (): void => void simulator.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
