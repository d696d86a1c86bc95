import { Suspense, lazy, useState } from 'react';
import { useSelector } from 'react-redux';
import { selectAccountRequired } from './account-required.slice';

const AccountRequiredDialog = lazy(() => import('./AccountRequiredDialog'));

/** Mounts the 'Account required' dialog the first time it opens, so the first page loads without it. */
export function AccountRequiredModal() {
  const { open } = useSelector(selectAccountRequired);
  const [needed, setNeeded] = useState(open);
  if (open && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <AccountRequiredDialog />
    </Suspense>
  );
}
