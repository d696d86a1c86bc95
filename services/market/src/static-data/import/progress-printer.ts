import type { ImportProgress } from './import-static-data';
import type { ImportStage } from './import-stages';

/**
 * Renders import progress: one redrawn line on a terminal, else a line per stage and per tenth of the whole, so
 * CI logs and `npm start` output stay short.
 */
export function progressPrinter(
  write: (text: string) => void,
  interactive: boolean,
): (progress: ImportProgress) => void {
  let stage: ImportStage | null = null;
  let lastTenth = -1;
  return ({ stage: current, stageDone, overallDone }) => {
    const percent = Math.floor(overallDone * 100);
    if (interactive) {
      write(`\r  ${String(percent).padStart(3)}%  ${current.padEnd(10)} ${Math.floor(stageDone * 100)}%   `);
      return;
    }
    const tenth = Math.floor(overallDone * 10);
    if (current !== stage || tenth > lastTenth) write(`  ${String(percent).padStart(3)}%  ${current}\n`);
    stage = current;
    lastTenth = Math.max(lastTenth, tenth);
  };
}
