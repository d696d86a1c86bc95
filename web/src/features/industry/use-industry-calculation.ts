import { useEffect, useRef, useState } from 'react';
import type { IndustryCalculation, IndustryCalculationRequest } from '../../shared/api';
import { serverErrorText } from '../../shared/ui/editable-list';
import { useIndustryCalculateMutation } from './industry-api';
import { RECALCULATION_THROTTLE_MS } from './industry-state';
import { RecalculationThrottle } from './recalculation-throttle';

export interface CalculationView {
  /** The answer to the latest request that succeeded (kept while a newer one runs). */
  readonly calculation: IndustryCalculation | null;
  /** The server's sentence when the latest request failed. */
  readonly error: string | null;
  /** A request is running or waiting for its turn. */
  readonly calculating: boolean;
}

/**
 * POST /industry/calculate whenever the request changes, at most once a second with a deferred retry (spec §4).
 * Only the answer to the newest request sent is shown.
 */
export function useIndustryCalculation(request: IndustryCalculationRequest | null): CalculationView {
  const [calculate] = useIndustryCalculateMutation();
  const [view, setView] = useState<CalculationView>({ calculation: null, error: null, calculating: false });
  const latestKey = useRef<string | null>(null);
  const throttle = useRef<RecalculationThrottle<IndustryCalculationRequest> | null>(null);
  const key = request === null ? null : JSON.stringify(request);

  useEffect(() => {
    const current = new RecalculationThrottle<IndustryCalculationRequest>(async (body) => {
      const sentKey = JSON.stringify(body);
      try {
        const calculation = await calculate({ industryCalculationRequest: body }).unwrap();
        if (sentKey === latestKey.current)
          setView({ calculation, error: null, calculating: current.hasWaiting });
      } catch (error) {
        if (sentKey === latestKey.current) {
          setView((previous) => ({
            ...previous,
            error: serverErrorText(error),
            calculating: current.hasWaiting,
          }));
        }
      }
    }, RECALCULATION_THROTTLE_MS);
    throttle.current = current;
    return () => current.dispose();
  }, [calculate]);

  useEffect(() => {
    latestKey.current = key;
    if (key === null) {
      setView({ calculation: null, error: null, calculating: false });
      return;
    }
    setView((previous) => ({ ...previous, calculating: true }));
    throttle.current?.request(JSON.parse(key) as IndustryCalculationRequest);
  }, [key]);

  return view;
}
