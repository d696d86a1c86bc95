import { BadRequestException } from '@nestjs/common';
import type { DiscordWebhookSetting } from '@tradewise/contracts';
import type { Clock, Logger, ReadStore, TokenCipher } from '@tradewise/platform';

export const DISCORD_WEBHOOKS_COLLECTION = 'discord_webhooks';

const WEBHOOK_PATH = /^\/api\/webhooks\/(\d{1,20})\/([A-Za-z0-9_-]{20,100})$/;
const SEND_TIMEOUT_MS = 5_000;

interface DiscordWebhookDocument {
  /** The account id. */
  readonly _id: string;
  /** AES-256-GCM, authenticated with `discord-webhook:<account>`: the URL is the webhook's only credential. */
  readonly url: string;
  readonly hint: string;
  readonly updatedAt: string;
}

const context = (accountId: string): string => `discord-webhook:${accountId}`;

/**
 * A Discord webhook URL as the owner pasted it, or a 400 the page shows: https, one of Discord's hosts (or the
 * operator's), `/api/webhooks/<id>/<token>`, nothing else. The product calls this URL from the server, so any
 * other host would let an owner point it anywhere.
 */
export function parseDiscordWebhookUrl(input: unknown, origins: readonly string[]): URL {
  const invalid = new BadRequestException(
    'Paste the webhook URL Discord gives under Server Settings → Integrations → Webhooks ' +
      '(https://discord.com/api/webhooks/…).',
  );
  if (typeof input !== 'string' || input.length > 300) throw invalid;
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw invalid;
  }
  if (!origins.includes(url.origin) || !WEBHOOK_PATH.test(url.pathname) || url.search || url.hash) {
    throw invalid;
  }
  if (url.username || url.password) throw invalid;
  return url;
}

function hintOf(url: URL): string {
  const [, id] = WEBHOOK_PATH.exec(url.pathname)!;
  return `${url.host}/api/webhooks/${id!.slice(0, 4)}…/…`;
}

/**
 * Each account's Discord webhook, encrypted at rest beside the log like the characters' grants (a credential that
 * must be erasable), and the one way the product posts to it.
 */
export class DiscordWebhooks {
  constructor(
    private readonly readStore: ReadStore,
    private readonly cipher: TokenCipher,
    private readonly clock: Clock,
    private readonly logger: Logger,
    /** DISCORD_WEBHOOK_ORIGINS. */
    private readonly origins: readonly string[],
  ) {}

  private get webhooks() {
    return this.readStore.collection<DiscordWebhookDocument>(DISCORD_WEBHOOKS_COLLECTION);
  }

  async setting(accountId: string): Promise<DiscordWebhookSetting> {
    const document = await this.webhooks.findOne({ _id: accountId });
    return document
      ? { configured: true, hint: document.hint, updatedAt: document.updatedAt }
      : { configured: false, hint: null, updatedAt: null };
  }

  async save(accountId: string, input: unknown): Promise<DiscordWebhookSetting> {
    const url = parseDiscordWebhookUrl(input, this.origins);
    const document: DiscordWebhookDocument = {
      _id: accountId,
      url: this.cipher.encrypt(url.href, context(accountId)),
      hint: hintOf(url),
      updatedAt: this.clock.now().toISOString(),
    };
    await this.webhooks.replaceOne({ _id: accountId }, document, { upsert: true });
    return { configured: true, hint: document.hint, updatedAt: document.updatedAt };
  }

  async remove(accountId: string): Promise<void> {
    await this.webhooks.deleteOne({ _id: accountId });
  }

  /**
   * Posts `lines` to the account's webhook, if it has one; Discord's limit is 2,000 characters a message, so long
   * lists go in several. A failure is logged, never thrown: an alert must not fail the read that caused it.
   */
  async post(accountId: string, lines: readonly string[]): Promise<void> {
    if (lines.length === 0) return;
    const document = await this.webhooks.findOne({ _id: accountId });
    if (!document) return;
    const url = this.cipher.decrypt(document.url, context(accountId));
    for (const content of messages(lines)) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ content, allowed_mentions: { parse: [] } }),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        if (!response.ok) {
          this.logger.warn({ accountId, status: response.status }, 'Discord refused an order alert');
          return;
        }
      } catch (error) {
        this.logger.warn({ err: error, accountId }, 'Could not post an order alert to Discord');
        return;
      }
    }
  }
}

const MESSAGE_LIMIT = 2_000;

function messages(lines: readonly string[]): string[] {
  const out: string[] = [];
  let current = '';
  for (const line of lines) {
    const next = current ? `${current}\n${line}` : line;
    if (next.length > MESSAGE_LIMIT && current) {
      out.push(current);
      current = line.slice(0, MESSAGE_LIMIT);
    } else {
      current = next.slice(0, MESSAGE_LIMIT);
    }
  }
  if (current) out.push(current);
  return out;
}
