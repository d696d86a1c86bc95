import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { REQUEST_TIMEOUT_MS } from '../config/constants';
import { baseQuery, isAccountBound, readCookie } from './base-query';
import { requestStatusSlice } from './request-status.slice';
import { accountUnauthorized } from './session-events';

const { requestStarted, requestFinished, requestTimedOut, uiRateLimited, uiRateLimitReleased } =
  requestStatusSlice.actions;

/** Node's fetch needs absolute URLs; the browser resolves the client's relative ones. */
const ORIGIN = 'http://tradewise.test';

function api(dispatch: jest.Mock): BaseQueryApi {
  return {
    signal: new AbortController().signal,
    abort: () => undefined,
    dispatch,
    getState: () => ({}),
    extra: undefined,
    endpoint: 'test',
    type: 'query',
  };
}

function answer(status: number, body: unknown = {}) {
  return jest.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

describe('the HTTP layer', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
    jest.useRealTimers();
  });

  it('counts the request while it runs and returns JSON', async () => {
    globalThis.fetch = answer(200, [{ id: 10000002, name: 'The Forge' }]);
    const dispatch = jest.fn();
    const result = await baseQuery(`${ORIGIN}/api/v1/market/regions`, api(dispatch), {});
    expect(result.data).toEqual([{ id: 10000002, name: 'The Forge' }]);
    expect(dispatch.mock.calls.map(([action]) => action.type)).toEqual([
      requestStarted.type,
      requestFinished.type,
    ]);
  });

  it('asks for the URL without a trailing ? when every query parameter is unset, and keeps the set ones', async () => {
    const fetched = answer(200);
    globalThis.fetch = fetched;
    const urlOf = (call: number) => (fetched.mock.calls[call] as unknown as [Request])[0].url;
    const stats = `${ORIGIN}/api/v1/market/stats/10000002/670`;
    await baseQuery(
      { url: stats, params: { systemId: undefined, locationId: undefined } },
      api(jest.fn()),
      {},
    );
    await baseQuery(
      { url: stats, params: { systemId: 30000142, locationId: undefined } },
      api(jest.fn()),
      {},
    );
    expect([urlOf(0), urlOf(1)]).toEqual([stats, `${stats}?systemId=30000142`]);
  });

  it('accepts text answers too', async () => {
    globalThis.fetch = jest.fn(
      async () => new Response('plain words', { status: 200, headers: { 'content-type': 'text/plain' } }),
    );
    expect((await baseQuery(`${ORIGIN}/api/v1/x`, api(jest.fn()), {})).data).toBe('plain words');
  });

  it("reports a 420 ('Too fast!') and releases the UI lock after a second", async () => {
    jest.useFakeTimers();
    globalThis.fetch = answer(420);
    const dispatch = jest.fn();
    await baseQuery(
      { url: `${ORIGIN}/api/v1/account/characters/1/ui/openwindow/marketdetails/34`, method: 'POST' },
      api(dispatch),
      {},
    );
    const types = () => dispatch.mock.calls.map(([action]) => action.type);
    expect(types()).toContain(uiRateLimited.type);
    expect(types()).not.toContain(uiRateLimitReleased.type);
    jest.advanceTimersByTime(999);
    expect(types()).not.toContain(uiRateLimitReleased.type);
    jest.advanceTimersByTime(1);
    expect(types()).toContain(uiRateLimitReleased.type);
  });

  it("reports a timeout ('Request timed out')", async () => {
    jest.useFakeTimers();
    globalThis.fetch = jest.fn(
      (request: Request) =>
        new Promise<Response>((_resolve, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        ),
    ) as unknown as typeof fetch;
    const dispatch = jest.fn();
    const pending = baseQuery(`${ORIGIN}/api/v1/market/regions`, api(dispatch), {});
    await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    const result = await pending;
    expect(result.error?.status).toBe('TIMEOUT_ERROR');
    expect(dispatch.mock.calls.map(([action]) => action.type)).toContain(requestTimedOut.type);
  });

  it('ends the session on a 401 from an account-bound call, but not from the logged-in check', async () => {
    globalThis.fetch = answer(401);
    const bound = jest.fn();
    await baseQuery(`${ORIGIN}/api/v1/account/characters`, api(bound), {});
    expect(bound.mock.calls.map(([action]) => action.type)).toContain(accountUnauthorized.type);
    const check = jest.fn();
    await baseQuery(`${ORIGIN}/api/v1/account`, api(check), {});
    expect(check.mock.calls.map(([action]) => action.type)).not.toContain(accountUnauthorized.type);
    const publicCall = jest.fn();
    await baseQuery(`${ORIGIN}/api/v1/market/regions`, api(publicCall), {});
    expect(publicCall.mock.calls.map(([action]) => action.type)).not.toContain(accountUnauthorized.type);
  });

  it.each<[string, string, boolean]>([
    ['/api/v1/account', 'GET', false],
    ['/api/v1/account/', 'GET', false],
    ['/api/v1/account', 'PATCH', true],
    ['/api/v1/account/logout', 'POST', true],
    ['/api/v1/account/characters/1?x=1', 'GET', true],
    ['/api/v1/profit/acc/tradeProfits', 'GET', true],
    ['/api/v1/journal/acc/transactions', 'GET', true],
    ['/api/v1/industry/acc/manufacturingResults', 'GET', true],
    ['/api/v1/market/characters/1/orders', 'GET', true],
    ['/api/v1/market/orders/34', 'GET', false],
    ['/api/v1/industry/calculate', 'POST', false],
    ['http://localhost:3000/api/v1/account/characters', 'GET', true],
    ['/api/v1/static/jumps', 'GET', false],
  ])('%s %s is account-bound: %p', (url, method, bound) => {
    expect(isAccountBound(url, method)).toBe(bound);
  });

  describe('the CSRF token (double submit)', () => {
    const cookies = 'theme=dark; tw_csrf=k3y-With%2Fslash; other=1';
    function withCookies(cookie: string) {
      Object.defineProperty(globalThis, 'document', { value: { cookie }, configurable: true });
    }
    afterEach(() => {
      delete (globalThis as { document?: unknown }).document;
    });

    async function headersSent(args: string | { url: string; method?: string }): Promise<Headers> {
      const fetchMock = answer(200);
      globalThis.fetch = fetchMock;
      await baseQuery(args, api(jest.fn()), {});
      const [request] = fetchMock.mock.calls[0] as unknown as [Request];
      return request.headers;
    }

    it.each(['POST', 'PATCH', 'PUT', 'DELETE', 'delete'])(
      'sends the tw_csrf cookie with a %s',
      async (method) => {
        withCookies(cookies);
        const headers = await headersSent({ url: `${ORIGIN}/api/v1/account/characters/1`, method });
        expect(headers.get('X-CSRF-Token')).toBe('k3y-With/slash');
      },
    );

    it.each(['GET', 'HEAD'])('sends no token with a %s', async (method) => {
      withCookies(cookies);
      expect((await headersSent({ url: `${ORIGIN}/api/v1/account`, method })).has('X-CSRF-Token')).toBe(
        false,
      );
      expect((await headersSent(`${ORIGIN}/api/v1/account`)).has('X-CSRF-Token')).toBe(false);
    });

    it('sends no token when there is no cookie (logged out, or no document)', async () => {
      withCookies('theme=dark');
      const post = { url: `${ORIGIN}/api/v1/account/logout`, method: 'POST' };
      expect((await headersSent(post)).has('X-CSRF-Token')).toBe(false);
      delete (globalThis as { document?: unknown }).document;
      expect((await headersSent(post)).has('X-CSRF-Token')).toBe(false);
    });

    it.each<[string, string | null]>([
      ['tw_csrf=abc', 'abc'],
      [' a=1;  tw_csrf=abc ; b=2', 'abc'],
      ['tw_csrf=first; tw_csrf=second', 'first'],
      ['xtw_csrf=abc; tw_csrfx=def', null],
      ['tw_csrf=%E0%A4%A', null],
      ['', null],
    ])('reads the cookie from %p', (cookie, value) => {
      expect(readCookie('tw_csrf', cookie)).toBe(value);
    });
  });
});
