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

/** The server's sentence from a failed call (the API answers `{ message }`), else a generic one. */
export function errorText(error: unknown): string {
  const data = (error as { data?: unknown } | null)?.data;
  if (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { message?: unknown }).message === 'string'
  ) {
    return (data as { message: string }).message;
  }
  if (typeof data === 'string' && data.trim() !== '') return data;
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 'TIMEOUT_ERROR') return 'Request timed out';
  return 'The request failed; please try again.';
}
