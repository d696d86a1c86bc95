import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The web may not import contracts, so it keeps a copy of the market order rules; this keeps it exact. */
describe('the market order rules', () => {
  it.each(['valid-price.ts', 'price-status.ts', 'undercut-price.ts'])(
    '%s is the same as in contracts/src/market-orders',
    (file) => {
      const source = readFileSync(
        resolve(__dirname, '../../../../../contracts/src/market-orders', file),
        'utf8',
      );
      expect(readFileSync(resolve(__dirname, file), 'utf8')).toBe(source);
    },
  );
});
