/**
 * Holds the write lock of an SQLite file for a while, as another process mid-append does: opens the file (making
 * it, empty, when there is none), begins an immediate transaction, prints `holding`, and after the given
 * milliseconds commits it, having written nothing. Arguments: the file and the milliseconds.
 */
import Database from 'better-sqlite3';

const [path, holdMsText] = process.argv.slice(2);
const db = new Database(path!);
db.prepare('BEGIN IMMEDIATE').run();
process.stdout.write('holding\n');
setTimeout(() => {
  db.prepare('COMMIT').run();
  db.close();
}, Number(holdMsText));
