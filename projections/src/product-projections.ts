import { eventLogSummaryProjection } from './event-log-summary/event-log-summary.projection';
import type { Projection } from './runner/projection';

/** Every read model the product serves; each bounded context adds its projections here. */
export const productProjections: readonly Projection[] = [eventLogSummaryProjection as unknown as Projection];
