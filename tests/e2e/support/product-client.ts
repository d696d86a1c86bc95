import { ESI_LOGIN_SCOPES } from '@tradewise/contracts';

export interface HttpAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
}

/** A GET on a connection the server closed is sent again, up to this many times in all. */
const GET_ATTEMPTS = 4;

/**
 * A browser without a browser: keeps cookies per host, follows the login's redirects by hand and sends the CSRF
 * token on writes as the web client does. Cookies are matched by name only (the tests use one host).
 */
export class ProductClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  get csrfToken(): string | undefined {
    return this.cookies.get('tw_csrf');
  }

  async request(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<HttpAnswer> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    if ((options.csrf ?? true) && method !== 'GET' && this.csrfToken)
      headers['x-csrf-token'] = this.csrfToken;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const send = (attempt: number): Promise<Response> =>
      fetch(new URL(path, this.baseUrl), { method, headers, body, redirect: 'manual' }).catch(
        (error: unknown) => {
          // The server closed a kept-alive connection as this request went out on it (a server busy folding a
          // year closes its idle ones late, several at once, so the next pooled one may be closing too): a GET is
          // sent again, as a browser does.
          if (method === 'GET' && closedConnection(error) && attempt < GET_ATTEMPTS) return send(attempt + 1);
          throw error;
        },
      );
    const response = await send(1);
    this.keepCookies(response.headers);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: keep the text.
    }
    return { status: response.status, headers: response.headers, body: parsed };
  }

  get(path: string): Promise<HttpAnswer> {
    return this.request('GET', path);
  }

  /**
   * Every row of a paged list (`{ total, <key>: [...] }`), read 100 at a time. A page asked with `position=` that
   * answers 503 (the read model has not applied that position yet: a busy server's projection lags) is asked
   * again, as the API says to, for up to `waitMs`; any other answer but 200 fails with what the server said.
   */
  async allRows<T>(path: string, key = 'rows', waitMs = 120_000): Promise<T[]> {
    const rows: T[] = [];
    const deadline = Date.now() + waitMs;
    for (let start = 0; ; start += 100) {
      const separator = path.includes('?') ? '&' : '?';
      const pagePath = `${path}${separator}start=${start}&count=100`;
      let answer = await this.get(pagePath);
      while (answer.status === 503 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        answer = await this.get(pagePath);
      }
      if (answer.status !== 200)
        throw new Error(`GET ${pagePath} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      const page = answer.body as Record<string, unknown>;
      rows.push(...(page[key] as T[]));
      if (rows.length >= (page.total as number)) return rows;
    }
  }

  /**
   * Logs in (or, with `path` /api/v1/account/addCharacter, adds a character) through the simulated SSO: start,
   * the simulator's login page choosing a character and scopes, the callback. Returns where the app sent the
   * browser in the end.
   */
  async authorize(
    characterId: number,
    options: { path?: string; scopes?: readonly string[]; cancel?: boolean } = {},
  ): Promise<HttpAnswer & { location: string; callback: string }> {
    const start = await this.get(options.path ?? '/api/v1/login/redirect');
    if (start.status !== 302)
      throw new Error(`The login start answered ${start.status}: ${JSON.stringify(start.body)}`);
    const authorizeUrl = new URL(start.headers.get('location')!);
    const page = await fetch(authorizeUrl);
    if (page.status !== 200) throw new Error(`The SSO login page answered ${page.status}`);
    const form = new URLSearchParams(authorizeUrl.searchParams);
    form.set('character_id', String(characterId));
    for (const scope of options.scopes ?? ESI_LOGIN_SCOPES) form.append('granted_scope', scope);
    form.set('decision', options.cancel ? 'cancel' : 'authorize');
    const approved = await fetch(new URL(authorizeUrl.pathname, authorizeUrl), {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const callback = new URL(approved.headers.get('location')!);
    const answer = await this.get(`${callback.pathname}${callback.search}`);
    return {
      ...answer,
      location: answer.headers.get('location') ?? '',
      callback: `${callback.pathname}${callback.search}`,
    };
  }

  private keepCookies(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';');
      const equals = pair!.indexOf('=');
      const name = pair!.slice(0, equals).trim();
      const value = pair!.slice(equals + 1).trim();
      const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(line);
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

function closedConnection(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return (
    cause?.code === 'UND_ERR_SOCKET' || cause?.code === 'ECONNRESET' || cause?.message === 'other side closed'
  );
}
