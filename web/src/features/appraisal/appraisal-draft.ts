import { useSyncExternalStore } from 'react';
import { DEFAULT_EXPIRY_TEXT } from './expiry-text';

/** Public-tools §9: The Forge. */
export const DEFAULT_REGION_ID = 10000002;

export interface AppraisalDraft {
  readonly text: string;
  readonly regionId: number;
  /** A trade hub's station in the region, or null for the whole region. */
  readonly stationId: number | null;
  /** A public player structure instead (its own market), or null. */
  readonly structureId: number | null;
  /** 'A player structure' is chosen as the market, even before a structure is picked. */
  readonly atStructure: boolean;
  readonly priceMode: 'top' | 'fivePercent' | 'split';
  readonly pricePercent: number;
  readonly createLink: boolean;
  readonly expiresText: string;
}

/** What the last Submit answered beyond the appraisal a link can fetch again. */
export interface LastCreated<A, R = unknown> {
  /** Only a temporary appraisal lives here: a saved one is read by its id. */
  readonly temporary: A | null;
  readonly id: string;
  readonly numUnknown: number;
  /** The reading of the paste that was appraised (null for Update prices): its lines not priced are listed. */
  readonly reading: R | null;
  /** Guesses the player confirmed for that paste: unknown name (lower case) to type id. */
  readonly confirmed: ReadonlyMap<string, number>;
}

interface DraftState<A, R> {
  readonly draft: AppraisalDraft;
  readonly lastCreated: LastCreated<A, R> | null;
  /** 'Error creating appraisal: ...', kept while the route resets to /appraisal. */
  readonly banner: string | null;
}

/**
 * The form and the last result outlive the page: /appraisal and /appraisal/{id} are two routes, so moving from one
 * to the other mounts the page anew, and the paste must still be there (and a temporary appraisal, which exists
 * nowhere else). Kept in memory only, for the tab's lifetime.
 */
export function createAppraisalDraftStore<A, R = unknown>() {
  let state: DraftState<A, R> = {
    draft: {
      text: '',
      regionId: DEFAULT_REGION_ID,
      stationId: null,
      structureId: null,
      atStructure: false,
      priceMode: 'top',
      pricePercent: 100,
      createLink: true,
      expiresText: DEFAULT_EXPIRY_TEXT,
    },
    lastCreated: null,
    banner: null,
  };
  const listeners = new Set<() => void>();
  const set = (next: DraftState<A, R>) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    get: () => state,
    updateDraft: (change: Partial<AppraisalDraft>) => set({ ...state, draft: { ...state.draft, ...change } }),
    created: (lastCreated: LastCreated<A, R>) => set({ ...state, lastCreated, banner: null }),
    failed: (banner: string | null) => set({ ...state, banner }),
    useState: () => useSyncExternalStore(subscribe, () => state),
  };
}
