import type { IndustryInput } from '../../shared/api';

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0, useGrouping: false });

/** One job's inputs, a line each: 'Tritanium 6857136'. */
export function billOfMaterials(inputs: readonly Pick<IndustryInput, 'typeName' | 'quantity'>[]): string {
  return inputs.map((input) => `${input.typeName} ${whole.format(input.quantity)}`).join('\n');
}

/** What to buy for `jobs` jobs, in the game's multibuy format (name and quantity per line). */
export function multibuyList(
  inputs: readonly Pick<IndustryInput, 'typeName' | 'quantity'>[],
  jobs: number,
): string {
  return billOfMaterials(
    inputs.map((input) => ({ typeName: input.typeName, quantity: input.quantity * jobs })),
  );
}

/** Jobs needed to run `runs` runs when one job may hold at most `maxProductionLimit`. */
export function jobsForRuns(runs: number, maxProductionLimit: number): number {
  return maxProductionLimit > 0 ? Math.ceil(runs / maxProductionLimit) : 1;
}
