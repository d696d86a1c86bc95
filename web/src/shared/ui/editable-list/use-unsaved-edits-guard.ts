import { useEffect } from 'react';
import { useBlocker, type Blocker } from 'react-router';

/**
 * Leaving the page with unsaved edits asks first (account-area §4): a navigation inside the app is held for the
 * 'Confirm Navigation' dialog; a reload or a closed tab gets the browser's own question.
 */
export function useUnsavedEditsGuard(unsavedEdits: boolean): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsavedEdits && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!unsavedEdits) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsavedEdits]);
  // Edits saved or dropped while the dialog was open: nothing is lost any more, let the navigation go on.
  useEffect(() => {
    if (blocker.state === 'blocked' && !unsavedEdits) blocker.proceed();
  }, [blocker, unsavedEdits]);
  return blocker;
}
