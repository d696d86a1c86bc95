/** Shared by every bench: a row of the table each prints beside its targets. */
export interface BenchRow {
  readonly metric: string;
  readonly value: string;
  readonly target?: string;
  readonly ok?: boolean;
}

export type Bench = (args: readonly string[]) => Promise<BenchRow[]>;

export function printRows(title: string, rows: readonly BenchRow[]): void {
  console.log(`\n${title}`);
  const width = Math.max(...rows.map((row) => row.metric.length), 6);
  for (const row of rows) {
    const verdict = row.ok === undefined ? '' : row.ok ? '  ok' : '  MISSED';
    console.log(
      `  ${row.metric.padEnd(width)}  ${row.value.padStart(18)}  ${row.target ? `(target ${row.target})` : ''}${verdict}`,
    );
  }
}
