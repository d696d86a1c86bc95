import { message } from 'antd';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { selectUiRateLimited } from '../../shared/api';
import { useGetAccountQuery, type AccountCharacter } from '../../shared/session';
import {
  useCharacterOpenMarketDetailsMutation,
  useCharacterUpdateLocationMutation,
  useCharacterUpdateRouteMutation,
} from './in-game-api';
import {
  ACTION_SCOPES,
  actingCharacter,
  actionGate,
  failureText,
  hasScope,
  routeUpdate,
  type InGameAction,
} from './in-game';
import { setCharacterLocation, useMarketBrowser, type CharacterLocation } from './market-browser.store';

export interface InGame {
  /** undefined while the login state is not known yet. */
  readonly loggedIn: boolean | undefined;
  readonly characters: readonly AccountCharacter[];
  readonly character: AccountCharacter | null;
  readonly location: CharacterLocation | null;
  readonly locationReading: boolean;
  readonly locationFailure: string | null;
  readonly canReadLocation: boolean;
  /** A UI request is running, or the second after a 420 has not passed. */
  readonly busy: boolean;
  readonly scopeDialog: InGameAction | null;
  closeScopeDialog(): void;
  readLocation(): void;
  openMarket(typeId: number): void;
  updateRoute(action: 'setDestination' | 'addWaypoint', destinationId: number): void;
  /** The toasts of the actions' outcomes; render it once. */
  readonly feedback: ReactNode;
}

/**
 * The logged-in extras of the market browser (public-tools §2): the acting character, its location (read once
 * when the character allows it, then on demand), and the in-game actions with the scope checks, the busy flag of
 * a running UI request and the one-second lock after a 420 (the 'Too fast!' dialog is the HTTP layer's).
 */
export function useInGame(): InGame {
  const { data: account } = useGetAccountQuery();
  const chosenCharacterId = useMarketBrowser((state) => state.characterId);
  const locations = useMarketBrowser((state) => state.locations);
  const rateLimited = useSelector(selectUiRateLimited);
  const [openMarketDetails, openState] = useCharacterOpenMarketDetailsMutation();
  const [updateCharacterRoute, routeState] = useCharacterUpdateRouteMutation();
  const [updateCharacterLocation, locationState] = useCharacterUpdateLocationMutation();
  const [scopeDialog, setScopeDialog] = useState<InGameAction | null>(null);
  const [locationFailure, setLocationFailure] = useState<{ characterId: number; text: string } | null>(null);
  const [messages, feedback] = message.useMessage();

  const loggedIn = account === undefined ? undefined : account !== null;
  const characters = account?.characters ?? [];
  const character = account
    ? actingCharacter(account.characters, chosenCharacterId, account.loginCharacterId)
    : null;
  const busy = openState.isLoading || routeState.isLoading || rateLimited;
  const canReadLocation = character !== null && hasScope(character, ACTION_SCOPES.readLocation);

  const allowed = (action: InGameAction): boolean => {
    const gate = actionGate({ loggedIn: loggedIn === true, character, action, busy, rateLimited });
    if (gate === 'missingScope') setScopeDialog(action);
    return gate === 'ready';
  };

  const readLocationOf = useCallback(
    (characterId: number) => {
      updateCharacterLocation({ id: characterId })
        .unwrap()
        .then(
          (location) => {
            setLocationFailure(null);
            setCharacterLocation(characterId, location);
          },
          (error: unknown) => setLocationFailure({ characterId, text: failureText(error) }),
        );
    },
    [updateCharacterLocation],
  );

  // The location is read by itself once per character that allows it; afterwards only on request.
  const locationAsked = useRef(new Set<number>());
  const characterId = character?.id ?? null;
  useEffect(() => {
    if (characterId === null || !canReadLocation || locationAsked.current.has(characterId)) return;
    locationAsked.current.add(characterId);
    if (!locations.has(characterId)) readLocationOf(characterId);
  }, [characterId, canReadLocation, locations, readLocationOf]);

  const report = (request: Promise<unknown>, done: string) => {
    request.then(
      () => void messages.success(done),
      (error: unknown) => {
        // A 420 has its own dialog ('Too fast!').
        if ((error as { status?: unknown } | null)?.status !== 420) void messages.error(failureText(error));
      },
    );
  };

  return {
    loggedIn,
    characters,
    character,
    location: character ? (locations.get(character.id) ?? null) : null,
    locationReading: locationState.isLoading,
    locationFailure:
      locationFailure && locationFailure.characterId === characterId ? locationFailure.text : null,
    canReadLocation,
    busy,
    scopeDialog,
    closeScopeDialog: () => setScopeDialog(null),
    readLocation: () => {
      if (character && allowed('readLocation') && !locationState.isLoading) readLocationOf(character.id);
    },
    openMarket: (typeId) => {
      if (!character || !allowed('openMarket')) return;
      report(openMarketDetails({ id: character.id, typeId }).unwrap(), 'Opened in game.');
    },
    updateRoute: (action, destinationId) => {
      if (!character || !allowed(action)) return;
      report(
        updateCharacterRoute({
          id: character.id,
          characterRouteUpdate: routeUpdate(action, destinationId),
        }).unwrap(),
        action === 'setDestination' ? 'Destination set.' : 'Waypoint added.',
      );
    },
    feedback,
  };
}
