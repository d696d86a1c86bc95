// Counts results per suite (the top-level describe, e.g. "EventStore contract: sqlite") and overall, prints
// them after Jest's own summary, and writes the totals for .ci/run, whose last line CI reads.
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.suites = new Map();
  }

  onTestResult(_test, result) {
    for (const assertion of result.testResults) {
      const suite = assertion.ancestorTitles[0] || path.relative(this.rootDir, result.testFilePath);
      const counts = this.suites.get(suite) || { passed: 0, failed: 0, skipped: 0 };
      if (assertion.status === 'passed') counts.passed += 1;
      else if (assertion.status === 'failed') counts.failed += 1;
      else counts.skipped += 1;
      this.suites.set(suite, counts);
    }
    if (result.testExecError) {
      const suite = path.relative(this.rootDir, result.testFilePath);
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
    const out = path.join(this.rootDir, 'tests', '.results');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, 'jest-totals.json'), JSON.stringify({ passed, failed, skipped }));
  }
}

module.exports = SummaryReporter;
