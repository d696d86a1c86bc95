import { tradewiseApi } from '../../shared/api';

export const STAFF_PROJECTIONS_TAG = 'StaffProjections';
export const STAFF_RULES_TAG = 'StaffRules';
export const STAFF_REPORTS_TAG = 'StaffRebuildReports';

/** The staff console's calls; each console page adds the tags its changes invalidate. */
export const staffApi = tradewiseApi.enhanceEndpoints({
  addTagTypes: [STAFF_PROJECTIONS_TAG, STAFF_RULES_TAG, STAFF_REPORTS_TAG],
  endpoints: {
    staffProjections: { providesTags: [STAFF_PROJECTIONS_TAG] },
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
  useStaffRulesQuery,
  useChangeStaffRulesMutation,
  useStaffRebuildMutation,
  useStaffRebuildReportsQuery,
  useStaffRebuildReportQuery,
  useStaffSwitchRebuildMutation,
  useStaffDiscardRebuildMutation,
} = staffApi;
