// Longest test files first, so a run ends with short files on both workers rather than one long file on one
// (on CI a 30-minute kill test started last and ran the suite past its time). Jest orders by the durations it
// cached on the machine, and a fresh machine has none: the durations of a full run are kept in
// test-durations.json. summary-reporter.js writes a run's own to tests/.results/test-durations.json; copy that
// file here after a full run when the suite's shape has changed.
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const recorded = require('./test-durations.json');

const ROOT = path.join(__dirname, '..', '..');

class LongestFirst extends Sequencer {
  time(test) {
    const seconds = recorded[path.relative(ROOT, test.path)];
    return seconds === undefined ? super.time(test) : seconds * 1000;
  }
}

module.exports = LongestFirst;
