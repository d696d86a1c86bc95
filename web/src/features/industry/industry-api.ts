import { tradewiseApi } from '../../shared/api';

export const STRUCTURES_TAG = 'IndustryStructures';

/** Saved structures are re-read after every change to them, also when the change failed. */
export const industryApi = tradewiseApi.enhanceEndpoints({
  addTagTypes: [STRUCTURES_TAG],
  endpoints: {
    accountStructures: { providesTags: [STRUCTURES_TAG] },
    saveAccountStructure: { invalidatesTags: [STRUCTURES_TAG] },
    changeAccountStructure: { invalidatesTags: [STRUCTURES_TAG] },
    removeAccountStructure: { invalidatesTags: [STRUCTURES_TAG] },
  },
});

export const {
  useAccountStructuresQuery,
  useSaveAccountStructureMutation,
  useChangeAccountStructureMutation,
  useRemoveAccountStructureMutation,
  useIndustryCalculateMutation,
  useLazyIndustryBlueprintSearchQuery,
  useLazySearchSystemsQuery,
  useRegionsQuery,
  useStructureRigsQuery,
} = industryApi;
