/**
 * `npm run sde:import -- [--sde <zip | directory | address>] [--out <dir>]`: builds the static dataset from the
 * SDE. Runs apart from the server so a deployment can refresh its static data from a newer SDE without a code
 * change; a running server keeps the dataset it loaded, and a restart serves the new one.
 */
import { relative } from 'node:path';
import type { DatasetManifest } from '../dataset/dataset-format';
import { acquireImportLock } from '../dataset/import-lock';
import { resolveStaticDataDir } from '../dataset/static-data-dir';
import { IMPORT_USAGE, parseImportArguments, type ImportCommand } from './cli-arguments';
import { importStaticData } from './import-static-data';
import { progressPrinter } from './progress-printer';
import { locateSdeSource } from './sde-source';

async function main(): Promise<void> {
  let command: ImportCommand;
  try {
    command = parseImportArguments(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${IMPORT_USAGE}`);
    process.exit(2);
  }
  if (command.help) {
    console.log(IMPORT_USAGE);
    return;
  }
  const outputDir = command.outputDir ?? resolveStaticDataDir();
  const interactive = process.stdout.isTTY === true;
  const releaseLock = await acquireImportLock(outputDir, {
    info: (_details, message) => console.log(message),
  });
  let manifest: DatasetManifest;
  try {
    manifest = await importInto(outputDir, command, interactive);
  } finally {
    await releaseLock();
  }
  if (interactive) process.stdout.write('\n');
  const bytes = Object.values(manifest.files).reduce((sum, file) => sum + file.bytes, 0);
  const counts = Object.entries(manifest.counts)
    .map(([name, count]) => `${count} ${name}`)
    .join(', ');
  console.log(
    `Wrote ${(bytes / 1024 / 1024).toFixed(1)} MiB to ${relative(process.cwd(), outputDir) || '.'} in ${(manifest.importDurationMs / 1000).toFixed(1)} s: ${counts}`,
  );
}

async function importInto(
  outputDir: string,
  command: ImportCommand,
  interactive: boolean,
): Promise<DatasetManifest> {
  const source = await locateSdeSource({
    location: command.sdePath,
    version: command.sdeVersion,
    buildDate: command.buildDate,
  });
  try {
    const { version, buildNumber, buildDate } = source.release;
    const build = buildNumber === null ? '' : `build ${buildNumber}, `;
    console.log(
      `Importing SDE ${version} (${build}released ${buildDate ?? 'on an unknown date'}) from ${source.release.source}`,
    );
    return await importStaticData({
      source,
      outputDir,
      onProgress: progressPrinter((text) => process.stdout.write(text), interactive),
    });
  } finally {
    await source.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(`Static data import failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
