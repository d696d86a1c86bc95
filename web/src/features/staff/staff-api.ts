import { tradewiseApi } from '../../shared/api';

export const STAFF_PROJECTIONS_TAG = 'StaffProjections';
export const STAFF_ACCOUNT_TAG = 'StaffAccount';

/** The staff console's calls; a credit or debit refreshes the account, its timeline and the lookup. */
export const staffApi = tradewiseApi.enhanceEndpoints({
  addTagTypes: [STAFF_PROJECTIONS_TAG, STAFF_ACCOUNT_TAG],
  endpoints: {
    staffProjections: { providesTags: [STAFF_PROJECTIONS_TAG] },
    staffFindAccounts: { providesTags: [STAFF_ACCOUNT_TAG] },
    staffAccount: { providesTags: [STAFF_ACCOUNT_TAG] },
    staffAccountTimeline: { providesTags: [STAFF_ACCOUNT_TAG] },
    staffCreditAccount: { invalidatesTags: [STAFF_ACCOUNT_TAG] },
    staffDebitAccount: { invalidatesTags: [STAFF_ACCOUNT_TAG] },
  },
});

export const {
  useStaffProjectionsQuery,
  useStaffFindAccountsQuery,
  useStaffAccountQuery,
  useStaffAccountTimelineQuery,
  useLazyStaffAccountTimelineQuery,
  useStaffCreditAccountMutation,
  useStaffDebitAccountMutation,
  useStaffEventsQuery,
  useStaffEventQuery,
  useStaffAuditVerifyMutation,
} = staffApi;
