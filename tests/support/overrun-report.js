// .ci/run calls this when `npm test` ran past its time and was stopped: it prints the test files (and the test in
// each) that were still running, from the progress the summary reporter kept, and writes the totals .ci/run prints,
// with the overrun counted as one failure.
const fs = require('node:fs');

const [progressPath, totalsPath] = process.argv.slice(2);
const now = Date.now();
const minutes = (iso) => ((now - Date.parse(iso)) / 60_000).toFixed(1);
const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);

const progress = read(progressPath);
for (const [file, running] of Object.entries(progress?.running ?? {})) {
  console.log(`still running: ${file} (${minutes(running.since)} min)`);
  if (running.test) console.log(`  in: ${running.test} (${minutes(running.testSince)} min)`);
}
// Jest may have finished its tests and hung after them: its own totals then stand.
const totals = read(totalsPath) ?? progress ?? { passed: 0, failed: 0 };
fs.writeFileSync(totalsPath, JSON.stringify({ passed: totals.passed, failed: totals.failed + 1 }));
