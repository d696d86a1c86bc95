import {
  ACTION_SCOPES,
  actingCharacter,
  actionGate,
  hasScope,
  jumpRequests,
  jumpsBySystem,
  ownOrderIds,
  routeUpdate,
  failureText,
  type InGameAction,
} from './in-game';

const LOGIN_SCOPES = 'esi-wallet.read_character_wallet.v1,esi-ui.open_window.v1';
const ALL_SCOPES = `${LOGIN_SCOPES},esi-location.read_location.v1,esi-ui.write_waypoint.v1`;
const ava = { id: 1, esiScopes: LOGIN_SCOPES };
const bea = { id: 2, esiScopes: ALL_SCOPES };

describe('in-game actions', () => {
  it('needs the open-window, read-location and write-waypoint scopes', () => {
    expect(ACTION_SCOPES).toEqual({
      openMarket: 'esi-ui.open_window.v1',
      readLocation: 'esi-location.read_location.v1',
      setDestination: 'esi-ui.write_waypoint.v1',
      addWaypoint: 'esi-ui.write_waypoint.v1',
    });
    expect(hasScope(ava, 'esi-ui.open_window.v1')).toBe(true);
    expect(hasScope(ava, 'esi-location.read_location.v1')).toBe(false);
    expect(
      hasScope(
        { id: 3, esiScopes: 'esi-ui.open_window.v1 esi-ui.write_waypoint.v1' },
        'esi-ui.write_waypoint.v1',
      ),
    ).toBe(true);
    expect(hasScope({ id: 3, esiScopes: '' }, 'esi-ui.open_window.v1')).toBe(false);
  });

  const gate = (action: InGameAction, overrides: Partial<Parameters<typeof actionGate>[0]> = {}) =>
    actionGate({ loggedIn: true, character: bea, action, busy: false, rateLimited: false, ...overrides });

  it('asks visitors to log in, and a character without the scope for it', () => {
    expect(gate('openMarket', { loggedIn: false, character: null })).toBe('login');
    expect(gate('openMarket', { character: null })).toBe('noCharacter');
    expect(gate('openMarket', { character: ava })).toBe('ready');
    expect(gate('readLocation', { character: ava })).toBe('missingScope');
    expect(gate('setDestination', { character: ava })).toBe('missingScope');
    expect(gate('addWaypoint', { character: ava })).toBe('missingScope');
    expect(gate('addWaypoint')).toBe('ready');
  });

  it('waits while a UI request runs and for the second after a 420', () => {
    expect(gate('openMarket', { busy: true })).toBe('busy');
    expect(gate('setDestination', { rateLimited: true })).toBe('busy');
    // A missing scope is said first: waiting would not help.
    expect(gate('readLocation', { character: ava, busy: true })).toBe('missingScope');
  });

  it('sets a destination by clearing the route, and adds a waypoint at its end', () => {
    expect(routeUpdate('setDestination', 60003760)).toEqual({
      addToBeginning: false,
      clearOtherWaypoints: true,
      destinationId: 60003760,
    });
    expect(routeUpdate('addWaypoint', 60003760)).toEqual({
      addToBeginning: false,
      clearOtherWaypoints: false,
      destinationId: 60003760,
    });
  });

  it('acts as the chosen character, else the login character, else the first', () => {
    expect(actingCharacter([ava, bea], 2, 1)).toBe(bea);
    expect(actingCharacter([ava, bea], 99, 1)).toBe(ava);
    expect(actingCharacter([ava, bea], null, 2)).toBe(bea);
    expect(actingCharacter([bea], null, 1)).toBe(bea);
    expect(actingCharacter([], null, 1)).toBeNull();
  });
});

describe('jumps', () => {
  it('asks for at most 1000 destinations per call', () => {
    const systems = Array.from({ length: 2001 }, (_, index) => 30_000_001 + index);
    const requests = jumpRequests(30000142, systems);
    expect(requests.map((request) => request.destinations.split(',').length)).toEqual([1000, 1000, 1]);
    expect(requests[0]?.origin).toBe(30000142);
    expect(requests[2]?.destinations).toBe('30002001');
    expect(jumpRequests(30000142, [])).toEqual([]);
  });

  it('matches the answers back by position', () => {
    const requests = [{ destinations: '30000142,30002187,31000005' }, { destinations: '30002659' }];
    expect([...jumpsBySystem(requests, [[0, 9, -1], undefined])]).toEqual([
      [30000142, 0],
      [30002187, 9],
      [31000005, -1],
    ]);
  });
});

describe('own orders', () => {
  it("collects the order ids of every character's answer", () => {
    expect([
      ...ownOrderIds([
        [{ orderId: 1 }, { orderId: 2 }],
        { data: [{ orderId: 3 }] },
        null,
        { data: 'x' },
        [{}],
      ]),
    ]).toEqual([1, 2, 3]);
  });
});

describe('failure text', () => {
  it("says the server's message, else what happened", () => {
    expect(failureText({ status: 403, data: { statusCode: 403, message: 'Not your character' } })).toBe(
      'Not your character',
    );
    expect(failureText({ status: 404, data: { statusCode: 404 } })).toBe(
      'The server does not offer this yet.',
    );
    expect(failureText({ status: 502, data: 'Bad gateway' })).toBe('The server answered 502.');
    expect(failureText({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      'The server could not be reached.',
    );
    expect(failureText(undefined)).toBe('The server could not be reached.');
  });
});
