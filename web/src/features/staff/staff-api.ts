import { tradewiseApi } from '../../shared/api';

export const STAFF_PROJECTIONS_TAG = 'StaffProjections';

/** The staff console's calls; each console page adds the tags its changes invalidate. */
export const staffApi = tradewiseApi.enhanceEndpoints({
  addTagTypes: [STAFF_PROJECTIONS_TAG],
  endpoints: {
    staffProjections: { providesTags: [STAFF_PROJECTIONS_TAG] },
  },
});

export const { useStaffProjectionsQuery } = staffApi;
