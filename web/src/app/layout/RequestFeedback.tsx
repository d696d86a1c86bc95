import { Suspense, lazy, useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { selectTimeouts, selectTooFastOpen } from '../../shared/api';

const TooFastDialog = lazy(() => import('./TooFastDialog'));

/**
 * What the HTTP layer reports to the user: the 'Too fast!' dialog on a 420 and 'Request timed out' on a timeout.
 * Both load on first need, so the first page carries neither.
 */
export function RequestFeedback() {
  const tooFast = useSelector(selectTooFastOpen);
  const timeouts = useSelector(selectTimeouts);
  const [dialogNeeded, setDialogNeeded] = useState(false);
  if (tooFast && !dialogNeeded) setDialogNeeded(true);

  useEffect(() => {
    if (timeouts > 0)
      void import('./timeout-message').then(({ showRequestTimedOut }) => showRequestTimedOut());
  }, [timeouts]);

  if (!dialogNeeded) return null;
  return (
    <Suspense fallback={null}>
      <TooFastDialog />
    </Suspense>
  );
}
