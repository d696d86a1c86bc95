import { configureStore } from '@reduxjs/toolkit';
import { baseApi } from '../api/base-api';
import { tradewiseApi } from '../api/generated/tradewise-api';
import { accountApi } from './account-api';
import { selectAccount, selectLoginState } from './session.selectors';

/** Node's Request needs absolute URLs; the browser resolves the client's relative ones against the page. */
const ORIGIN = 'http://tradewise.test';

const ACCOUNT = { id: 'acc-1', characterName: 'Ava Trader', characters: [], subscriptionTier: 'FREE' };

function answer(status: number, body: unknown) {
  return jest.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

function createStore() {
  return configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
}

describe('the account call (the logged-in check)', () => {
  const realFetch = globalThis.fetch;
  const RealRequest = globalThis.Request;
  beforeAll(() => {
    globalThis.Request = class extends RealRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, ORIGIN) : input, init);
      }
    };
  });
  afterAll(() => {
    globalThis.Request = RealRequest;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  async function readAccount(store = createStore()) {
    const request = store.dispatch(accountApi.endpoints.getAccount.initiate());
    const result = await request;
    request.unsubscribe();
    return { result, state: store.getState() };
  }

  it('answers the account when logged in', async () => {
    globalThis.fetch = answer(200, ACCOUNT);
    const { result, state } = await readAccount();
    expect(result.data).toEqual(ACCOUNT);
    expect(selectLoginState(state)).toBe('loggedIn');
    expect(selectAccount(state)).toEqual(ACCOUNT);
  });

  it('answers null (logged out) on a 401, which is not an error', async () => {
    globalThis.fetch = answer(401, {
      statusCode: 401,
      error: 'Unauthorized',
      message: 'You are not logged in.',
    });
    const { result, state } = await readAccount();
    expect(result.isError).toBe(false);
    expect(result.data).toBeNull();
    expect(selectLoginState(state)).toBe('loggedOut');
    expect(selectAccount(state)).toBeNull();
  });

  it('keeps other failures as errors (login state unknown)', async () => {
    globalThis.fetch = answer(500, { statusCode: 500, error: 'Internal Server Error', message: 'Boom' });
    const { result, state } = await readAccount();
    expect(result.error).toMatchObject({ status: 500 });
    expect(selectLoginState(state)).toBe('unknown');
  });

  it('replaces the generated endpoint of the same name, so both read one cache entry', async () => {
    globalThis.fetch = answer(401, {
      statusCode: 401,
      error: 'Unauthorized',
      message: 'You are not logged in.',
    });
    const store = createStore();
    const request = store.dispatch(tradewiseApi.endpoints.getAccount.initiate());
    const result = await request;
    request.unsubscribe();
    expect(result.data).toBeNull();
    expect(selectLoginState(store.getState())).toBe('loggedOut');
  });

  it('logs out with a POST to the generated logout endpoint', async () => {
    const fetchMock = jest.fn(async () => new Response(null, { status: 204 }));
    globalThis.fetch = fetchMock;
    const store = createStore();
    const result = await store.dispatch(tradewiseApi.endpoints.logout.initiate());
    expect(result.error).toBeUndefined();
    const [request] = fetchMock.mock.calls[0] as unknown as [Request];
    expect([request.method, new URL(request.url).pathname]).toEqual(['POST', '/api/v1/account/logout']);
  });
});
