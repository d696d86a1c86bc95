import { Alert, Button } from 'antd';
import { FREE_TRIAL_DAYS } from '../../shared/config/constants';

/** The free 3-day Pro trial, offered while the account never had a subscription (account-area §2, §4). */
export function FreeTrialOffer({
  starting,
  onStart,
}: {
  readonly starting: boolean;
  readonly onStart: () => void;
}) {
  return (
    <Alert
      type="info"
      showIcon
      data-testid="free-trial-offer"
      title={`Try Pro free for ${FREE_TRIAL_DAYS} days`}
      description={`Every Pro feature for ${FREE_TRIAL_DAYS} days, at no cost: unlimited characters, no ads and all-time history. It ends on its own; nothing is charged. The trial is offered once, before any subscription.`}
      action={
        <Button type="primary" loading={starting} onClick={onStart} data-testid="start-free-trial">
          Start your free trial
        </Button>
      }
    />
  );
}
