/**
 * The product's entry point (services/server/src/main.ts) with the test events and their projection added, so
 * the restart bench can fill the log with a million events the product's own catalogue does not hold yet.
 */
import { eventCatalogue } from '@tradewise/contracts';
import { productProjections, type AnyProjection } from '@tradewise/projections';
import { startServer } from '../../../services/server/src/bootstrap';
import { balancesProjection } from '../../support/balances.projection';
import { testCatalogue } from '../../support/test-events';

startServer({
  catalogue: eventCatalogue.merge(testCatalogue),
  projections: [...productProjections, balancesProjection() as unknown as AnyProjection],
}).then(
  (server) => {
    process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
