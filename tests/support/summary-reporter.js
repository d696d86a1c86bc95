// Counts results per suite (the top-level describe, e.g. "EventStore contract: sqlite") and overall, prints
// them after Jest's own summary, and writes the totals for .ci/run, whose last line CI reads, and each file's
// duration (test-sequencer.js). While the run goes on it keeps jest-progress.json: the counts so far and the
// files and tests running now, which .ci/run prints when the run overruns its time (a suite that never ends would
// otherwise leave nothing to go on).
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.suites = new Map();
    this.out = path.join(this.rootDir, 'tests', '.results');
    this.progress = { passed: 0, failed: 0, running: {} };
    fs.mkdirSync(this.out, { recursive: true });
  }

  onTestFileStart(test) {
    this.progress.running[this.relative(test.path)] = { since: new Date().toISOString(), test: null };
    this.writeProgress();
  }

  onTestCaseStart(test, testCase) {
    const running = this.progress.running[this.relative(test.path)];
    if (!running) return;
    running.test = testCase.fullName;
    running.testSince = new Date().toISOString();
    this.writeProgress();
  }

  onTestCaseResult(test, testCase) {
    if (testCase.status === 'passed') this.progress.passed += 1;
    else if (testCase.status === 'failed') this.progress.failed += 1;
    this.writeProgress();
  }

  relative(testPath) {
    return path.relative(this.rootDir, testPath);
  }

  writeProgress() {
    fs.writeFileSync(path.join(this.out, 'jest-progress.json'), JSON.stringify(this.progress, null, 1));
  }

  onTestResult(test, result) {
    delete this.progress.running[this.relative(test.path)];
    // A file that failed outside its tests (a hook, an import) counts once, as the totals count it.
    if (result.testExecError) this.progress.failed += 1;
    this.writeProgress();
    for (const assertion of result.testResults) {
      const suite = assertion.ancestorTitles[0] || this.relative(result.testFilePath);
      const counts = this.suites.get(suite) || { passed: 0, failed: 0, skipped: 0 };
      if (assertion.status === 'passed') counts.passed += 1;
      else if (assertion.status === 'failed') counts.failed += 1;
      else counts.skipped += 1;
      this.suites.set(suite, counts);
    }
    if (result.testExecError) {
      const suite = this.relative(result.testFilePath);
      const counts = this.suites.get(suite) || { passed: 0, failed: 0, skipped: 0 };
      counts.failed += 1;
      this.suites.set(suite, counts);
    }
  }

  onRunComplete(_contexts, results) {
    const contract = [...this.suites.entries()].filter(([name]) => / contract: /.test(name)).sort();
    if (contract.length > 0) {
      process.stdout.write('\nContract suites per adapter:\n');
      for (const [name, c] of contract) {
        process.stdout.write(
          `  ${name.padEnd(44)} ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped\n`,
        );
      }
    }
    const passed = results.numPassedTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const skipped = results.numPendingTests + results.numTodoTests;
    fs.writeFileSync(path.join(this.out, 'jest-totals.json'), JSON.stringify({ passed, failed, skipped }));
    // Each file's duration, longest first, in seconds: what test-sequencer.js orders a fresh machine's run by.
    const durations = results.testResults
      .map((result) => [this.relative(result.testFilePath), result.perfStats.runtime / 1000])
      .sort(([pathA, a], [pathB, b]) => b - a || (pathA < pathB ? -1 : 1))
      .map(([file, seconds]) => [file, Math.round(seconds * 10) / 10]);
    fs.writeFileSync(
      path.join(this.out, 'test-durations.json'),
      `${JSON.stringify(Object.fromEntries(durations), null, 2)}\n`,
    );
  }
}

module.exports = SummaryReporter;
