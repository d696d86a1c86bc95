import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useEffect, useMemo, useState } from 'react';
import { useDispatch } from 'react-redux';
import { tradewiseApi, type BaseApiState } from '../../shared/api';
import { inGameApi } from './in-game-api';
import { jumpRequests, jumpsBySystem, ownOrderIds } from './in-game';

type ApiDispatch = ThunkDispatch<BaseApiState, unknown, UnknownAction>;

const NO_JUMPS: ReadonlyMap<number, number> = new Map();

/**
 * Jumps from `origin` to each system (GET /static/jumps, at most 1000 destinations a call). Empty while the
 * origin is unknown or the answers are on their way.
 */
export function useJumpCounts(
  origin: number | null,
  systemIds: readonly number[],
): ReadonlyMap<number, number> {
  const dispatch = useDispatch<ApiDispatch>();
  const requests = useMemo(
    () => (origin === null ? [] : jumpRequests(origin, systemIds)),
    [origin, systemIds],
  );
  const [answered, setAnswered] = useState<{
    requests: typeof requests;
    jumps: ReadonlyMap<number, number>;
  } | null>(null);

  useEffect(() => {
    if (requests.length === 0) return undefined;
    let current = true;
    const calls = requests.map((request) => dispatch(tradewiseApi.endpoints.jumps.initiate(request)));
    void Promise.all(calls.map((call) => call.unwrap().catch(() => undefined))).then((answers) => {
      if (current) setAnswered({ requests, jumps: jumpsBySystem(requests, answers) });
    });
    return () => {
      current = false;
      for (const call of calls) call.unsubscribe();
    };
  }, [dispatch, requests]);

  return answered?.requests === requests ? answered.jumps : NO_JUMPS;
}

export type OwnOrders =
  | { readonly state: 'off' }
  | { readonly state: 'loading' }
  | { readonly state: 'failed' }
  | { readonly state: 'loaded'; readonly ids: ReadonlySet<number> };

const characterIdsOf = (key: string) =>
  key.slice('characters:'.length).split(',').filter(Boolean).map(Number);

/** The order ids of the account's characters, read only while the 'my orders' filter is on. */
export function useOwnOrders(enabled: boolean, characterIds: readonly number[]): OwnOrders {
  const dispatch = useDispatch<ApiDispatch>();
  const key = enabled ? `characters:${characterIds.join(',')}` : '';
  const [answered, setAnswered] = useState<{ key: string; orders: OwnOrders } | null>(null);

  useEffect(() => {
    if (key === '') return undefined;
    let current = true;
    const calls = characterIdsOf(key).map((characterId) =>
      dispatch(inGameApi.endpoints.characterMarketOrders.initiate({ id: characterId })),
    );
    void Promise.all(calls.map((call) => call.unwrap())).then(
      (answers) => {
        if (current) setAnswered({ key, orders: { state: 'loaded', ids: ownOrderIds(answers) } });
      },
      () => {
        if (current) setAnswered({ key, orders: { state: 'failed' } });
      },
    );
    return () => {
      current = false;
      for (const call of calls) call.unsubscribe();
    };
  }, [dispatch, key]);

  if (key === '') return { state: 'off' };
  return answered?.key === key ? answered.orders : { state: 'loading' };
}
