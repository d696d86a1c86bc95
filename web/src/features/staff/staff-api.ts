import { tradewiseApi } from '../../shared/api';

export const STAFF_PROJECTIONS_TAG = 'StaffProjections';
export const STAFF_ACCOUNT_TAG = 'StaffAccount';
export const STAFF_RULES_TAG = 'StaffRules';
export const STAFF_REPORTS_TAG = 'StaffRebuildReports';

/**
 * The staff console's calls: a credit or debit refreshes the account, its timeline and the lookup; a rule change,
 * rebuild, switch or discard refreshes the rules, the read models and the reports.
 */
export const staffApi = tradewiseApi.enhanceEndpoints({
  addTagTypes: [STAFF_PROJECTIONS_TAG, STAFF_ACCOUNT_TAG, STAFF_RULES_TAG, STAFF_REPORTS_TAG],
  endpoints: {
    staffProjections: { providesTags: [STAFF_PROJECTIONS_TAG] },
    staffFindAccounts: { providesTags: [STAFF_ACCOUNT_TAG] },
    staffAccount: { providesTags: [STAFF_ACCOUNT_TAG] },
    staffAccountTimeline: { providesTags: [STAFF_ACCOUNT_TAG] },
    staffCreditAccount: { invalidatesTags: [STAFF_ACCOUNT_TAG] },
    staffDebitAccount: { invalidatesTags: [STAFF_ACCOUNT_TAG] },
    staffRules: { providesTags: [STAFF_RULES_TAG] },
    changeStaffRules: { invalidatesTags: [STAFF_RULES_TAG, STAFF_PROJECTIONS_TAG] },
    staffRebuild: { invalidatesTags: [STAFF_PROJECTIONS_TAG, STAFF_REPORTS_TAG] },
    staffRebuildReports: { providesTags: [STAFF_REPORTS_TAG] },
    staffRebuildReport: { providesTags: [STAFF_REPORTS_TAG] },
    staffSwitchRebuild: { invalidatesTags: [STAFF_PROJECTIONS_TAG, STAFF_REPORTS_TAG] },
    staffDiscardRebuild: { invalidatesTags: [STAFF_PROJECTIONS_TAG, STAFF_REPORTS_TAG] },
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
  useStaffRulesQuery,
  useChangeStaffRulesMutation,
  useStaffRebuildMutation,
  useStaffRebuildReportsQuery,
  useStaffRebuildReportQuery,
  useStaffSwitchRebuildMutation,
  useStaffDiscardRebuildMutation,
  useStaffEventsQuery,
  useStaffEventQuery,
  useStaffAuditVerifyMutation,
} = staffApi;
