import { existsSync } from 'node:fs';
import { ensureWebBuild } from '../../../tools/build-web';
import { CHROMIUM_PATH } from './browser';

/**
 * The browser project's global setup: builds the web client when web/dist is missing or stale (as `npm start`
 * does), and checks for Chromium. With REQUIRE_SERVERS=1 (CI, which installs Debian's chromium) a missing browser
 * fails the run; otherwise the browser suites are skipped with a line saying why.
 */
export default function setup(): void {
  const found = existsSync(CHROMIUM_PATH);
  process.env.TW_TEST_CHROMIUM = found ? '1' : '0';
  if (!found) {
    const why = `Chromium not found at ${CHROMIUM_PATH}; apt-get install chromium, or set CHROMIUM_PATH`;
    if (process.env.REQUIRE_SERVERS === '1') throw new Error(`REQUIRE_SERVERS=1 but ${why}`);
    process.stdout.write(`\nskipped: browser suites (${why})\n`);
    return;
  }
  ensureWebBuild((line) => process.stdout.write(`\n${line}\n`));
}
