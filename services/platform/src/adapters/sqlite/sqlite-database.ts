import Database from 'better-sqlite3';
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { OWNER_ONLY_FILE, ensurePrivateDir } from '../../files/private-files';

const SQLITE_HEADER = 'SQLite format 3\u0000';

/** How long opening a file waits for another process's lock, as every statement does after (busy_timeout). */
const BUSY_TIMEOUT_MS = 5_000;

/** Opening is synchronous (constructors open their files), so it pauses by waiting on a word nothing changes. */
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/** Raised when a data file is not ours or is damaged; start-up stops instead of starting empty over it. */
export class DataFileError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(
      `${path}: ${reason}. Refusing to start over it: move the file away to start empty, or restore it from a backup.`,
    );
    this.name = 'DataFileError';
  }
}

export interface SqliteFileSpec {
  readonly path: string;
  /** A 32-bit id stamped in the file header (PRAGMA application_id), so a foreign SQLite file is recognised. */
  readonly applicationId: number;
  /** Creates the schema; run once, when the file is new. */
  readonly createSchema: (db: Database.Database) => void;
  /** Tables the file must have once it exists. */
  readonly requiredTables: readonly string[];
}

function readHeader(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(16);
    const read = readSync(fd, buffer, 0, 16, 0);
    return buffer.subarray(0, read).toString('latin1');
  } finally {
    closeSync(fd);
  }
}

/**
 * Opens (or creates) one of our SQLite files in WAL mode. An existing file must carry our application id and
 * tables and pass SQLite's quick check; anything else is a {@link DataFileError}.
 */
export function openSqliteFile(spec: SqliteFileSpec): Database.Database {
  ensurePrivateDir(dirname(spec.path));
  // SQLite gives the -wal and -shm files the mode of the database file: created owner-only, they are too.
  if (!existsSync(spec.path)) closeSync(openSync(spec.path, 'a', OWNER_ONLY_FILE));
  const isNew = statSync(spec.path).size === 0;
  if (!isNew && readHeader(spec.path) !== SQLITE_HEADER) {
    throw new DataFileError(spec.path, 'not an SQLite database (foreign or corrupted file)');
  }
  let db: Database.Database;
  try {
    db = new Database(spec.path, { fileMustExist: !isNew });
  } catch (error) {
    throw new DataFileError(spec.path, `cannot be opened (${(error as Error).message})`);
  }
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    if (isNew || isUnmade(db)) {
      whileLocked(() => db.pragma('journal_mode = WAL'));
      // Processes sharing one file (the event store, ADR 0019) may find it new at the same moment: the first to
      // take the write lock makes the schema, and the others find it made.
      const made = db
        .transaction(() => {
          if (!isUnmade(db)) return false;
          db.pragma(`application_id = ${spec.applicationId}`);
          spec.createSchema(db);
          return true;
        })
        .immediate();
      if (!made) verifyExistingFile(db, spec);
    } else {
      verifyExistingFile(db, spec);
      whileLocked(() => db.pragma('journal_mode = WAL'));
    }
    // A killed process loses nothing in WAL mode with NORMAL sync; only a power cut can drop the last commits.
    db.pragma('synchronous = NORMAL');
    db.pragma('cache_size = -65536');
    // Fewer, larger WAL checkpoints: each one syncs the database file, and appends are what this file does most.
    db.pragma('wal_autocheckpoint = 8192');
    return db;
  } catch (error) {
    db.close();
    if (error instanceof DataFileError) throw error;
    if (isLocked(error))
      throw new Error(
        `${spec.path}: another process kept it locked for ${BUSY_TIMEOUT_MS / 1000} s. Start again once it is done.`,
      );
    throw new DataFileError(spec.path, `is damaged (${(error as Error).message})`);
  }
}

/**
 * SQLite's "database is locked" (SQLITE_BUSY and its extended codes), told by the error's code rather than its class:
 * the native addon keeps the error class of the first copy of better-sqlite3 that loaded it, and a test runner that
 * loads the module afresh for each file gets errors of another copy's class.
 */
function isLocked(error: unknown): boolean {
  const { code } = (error ?? {}) as { code?: unknown };
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/**
 * Runs `step` again, after a pause, while another process holds a lock it needs. SQLite's busy timeout does not
 * cover switching the journal mode: the switch holds a read lock while it asks for the write lock, and a connection
 * in that state is told at once that the file is locked rather than made to wait (two such would wait for each
 * other). Processes opening one new file at once (ADR 0019) each switch it to WAL.
 */
function whileLocked<T>(step: () => T): T {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (let pauseMs = 2; ; pauseMs = Math.min(pauseMs * 2, 100)) {
    try {
      return step();
    } catch (error) {
      if (!isLocked(error) || Date.now() >= deadline) throw error;
      Atomics.wait(PAUSE, 0, 0, pauseMs);
    }
  }
}

/** A file with no application id and no tables holds nothing yet: another process has only just created it. */
function isUnmade(db: Database.Database): boolean {
  if ((db.pragma('application_id', { simple: true }) as number) !== 0) return false;
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' LIMIT 1").get() === undefined;
}

function verifyExistingFile(db: Database.Database, spec: SqliteFileSpec): void {
  const applicationId = db.pragma('application_id', { simple: true }) as number;
  if (applicationId !== spec.applicationId) {
    throw new DataFileError(
      spec.path,
      `is an SQLite database of another application (application_id ${applicationId})`,
    );
  }
  const tables = new Set(
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
      (r) => r.name,
    ),
  );
  const missing = spec.requiredTables.filter((table) => !tables.has(table));
  if (missing.length > 0)
    throw new DataFileError(spec.path, `is damaged (missing tables: ${missing.join(', ')})`);
  const check = db.pragma('quick_check(1)', { simple: true }) as string;
  if (check !== 'ok') throw new DataFileError(spec.path, `is damaged (${check})`);
}
