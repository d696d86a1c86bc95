import { tradewiseApi } from '../../shared/api';

/** GET /account/transactions and /account/subscriptions: what the balance and the purchases are made of. */
export const BILLING_TAG = 'Billing';

/**
 * The Subscription page's calls. A purchase or trial re-reads the account, its transactions and its subscriptions
 * (account-area §4 Subscriptions); a refused one too, which costs nothing and shows what the server holds.
 */
export const subscriptionApi = tradewiseApi.enhanceEndpoints({
  addTagTypes: [BILLING_TAG],
  endpoints: {
    transactions: { providesTags: [BILLING_TAG] },
    subscriptions: { providesTags: [BILLING_TAG] },
    purchase: { invalidatesTags: ['Account', BILLING_TAG] },
    startFreeTrial: { invalidatesTags: ['Account', BILLING_TAG] },
    changeAccountSettings: { invalidatesTags: ['Account'] },
  },
});

export const {
  useTransactionsQuery,
  useSubscriptionsQuery,
  usePurchaseMutation,
  useStartFreeTrialMutation,
  useChangeAccountSettingsMutation,
} = subscriptionApi;
