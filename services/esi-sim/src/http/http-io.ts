import type { IncomingMessage, ServerResponse } from 'node:http';

export const MAX_BODY_BYTES = 1_000_000;

export class BodyTooLargeError extends Error {}

/**
 * The request body when a framework's body parser already read the stream into `body`, so the simulator also
 * works mounted behind Nest's global JSON and form parsers.
 */
export function parsedBody(request: IncomingMessage): { readonly value: unknown } | undefined {
  const consumed = request.readableEnded || (request.complete && !request.readable);
  return consumed && 'body' in request
    ? { value: (request as IncomingMessage & { body?: unknown }).body }
    : undefined;
}

/** A form body as URLSearchParams, whether raw or already parsed into an object. */
export async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const parsed = parsedBody(request);
  if (!parsed) return new URLSearchParams((await readBody(request)).toString('utf8'));
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries((parsed.value ?? {}) as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, String(item));
  }
  return form;
}

/** A JSON body (undefined when empty), whether raw or already parsed. */
export async function readJson(request: IncomingMessage): Promise<unknown> {
  const parsed = parsedBody(request);
  if (parsed) return parsed.value;
  const raw = await readBody(request);
  return raw.length === 0 ? undefined : JSON.parse(raw.toString('utf8'));
}

export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES)
      throw new BodyTooLargeError(`The request body is over ${MAX_BODY_BYTES} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  const bytes = Buffer.from(JSON.stringify(body));
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=UTF-8',
    'Content-Length': String(bytes.length),
    ...headers,
  });
  response.end(bytes);
}

export function sendHtml(response: ServerResponse, status: number, html: string): void {
  const bytes = Buffer.from(html);
  response.writeHead(status, {
    'Content-Type': 'text/html; charset=UTF-8',
    'Content-Length': String(bytes.length),
    'Cache-Control': 'no-store',
  });
  response.end(bytes);
}

export function httpDate(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toUTCString();
}

export function clientAddress(request: IncomingMessage): string {
  return request.socket.remoteAddress ?? 'unknown';
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
