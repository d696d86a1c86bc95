import { randomBytes } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
} from '@nestjs/common';
import { CORPORATION_WALLET_SCOPE } from '@tradewise/contracts';
import { CLOCK, LOGGER, READ_STORE, type Clock, type Logger, type ReadStore } from '@tradewise/platform';
import { ServiceCharacterGrant, type ServiceCharacter } from '../grants/service-character-grant';
import { LOGIN_STATE_MAX_AGE_MS } from '../session/session-cookies';

export const SERVICE_CHARACTER_LOGIN_TICKETS_COLLECTION = 'service_character_login_tickets';
/** The start of the operator's login, behind a one-time ticket (the browser that opens it has no admin token). */
export const SERVICE_CHARACTER_LOGIN_PATH = '/api/v1/login/service-character';

/** DI token of the {@link ServiceCharacterLoginOptions}. */
export const SERVICE_CHARACTER_LOGIN_OPTIONS = Symbol('SERVICE_CHARACTER_LOGIN_OPTIONS');

/** What the operator's service-character login needs from the composition root. */
export interface ServiceCharacterLoginOptions {
  /** PRODUCT_CORPORATION_ID, resolved; null: deposits are off, and nothing can be linked. */
  readonly productCorporationId: number | null;
  /** Where players open Tradewise (PUBLIC_URL): the start URL is built from it, never from a request. */
  readonly publicUrl: string;
  /** The corporation a character is in now, from ESI's public character information. */
  corporationOf(characterId: number): Promise<number>;
}

interface TicketDocument {
  /** The ticket. */
  readonly _id: string;
  readonly expiresAt: number;
}

/** What the SSO said about the character that logged in. */
export interface ServiceCharacterCandidate {
  readonly characterId: number;
  readonly characterName: string;
  readonly scopes: readonly string[];
  readonly refreshToken: string | undefined;
}

/**
 * The operator links the product corporation's service character (docs/billing.md#deposits): the admin API
 * issues a one-time start URL (10 minutes), the browser that opens it goes through the SSO asking for the
 * corporation wallet scope, and the callback keeps the grant only for a character of PRODUCT_CORPORATION_ID that
 * granted the scope.
 */
@Injectable()
export class ServiceCharacterLogin {
  constructor(
    @Inject(SERVICE_CHARACTER_LOGIN_OPTIONS) private readonly options: ServiceCharacterLoginOptions,
    @Inject(ServiceCharacterGrant) private readonly grant: ServiceCharacterGrant,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private get tickets() {
    return this.readStore.collection<TicketDocument>(SERVICE_CHARACTER_LOGIN_TICKETS_COLLECTION);
  }

  /** The corporation whose service character is linked, or a 409 when deposits are off. */
  productCorporationId(): number {
    const id = this.options.productCorporationId;
    if (id === null) {
      throw new ConflictException(
        'No product corporation is configured (PRODUCT_CORPORATION_ID): there is no service character to link.',
      );
    }
    return id;
  }

  /** A one-time URL that starts the login in the operator's browser. */
  async issueStart(): Promise<{ url: string; expiresAt: string; corporationId: number }> {
    const corporationId = this.productCorporationId();
    const now = this.clock.now().getTime();
    const ticket = randomBytes(32).toString('base64url');
    await this.tickets.deleteMany({ expiresAt: { $lte: now } });
    await this.tickets.insertOne({ _id: ticket, expiresAt: now + LOGIN_STATE_MAX_AGE_MS });
    const url = new URL(SERVICE_CHARACTER_LOGIN_PATH, this.options.publicUrl);
    url.searchParams.set('ticket', ticket);
    return { url: url.href, expiresAt: new Date(now + LOGIN_STATE_MAX_AGE_MS).toISOString(), corporationId };
  }

  /** Uses a ticket once; a 403 for an unknown, used or expired one. */
  async redeem(ticket: string | undefined): Promise<void> {
    this.productCorporationId();
    const document = ticket ? await this.tickets.findOne({ _id: ticket }) : null;
    const { deletedCount } = document
      ? await this.tickets.deleteOne({ _id: document._id })
      : { deletedCount: 0 };
    if (!document || deletedCount !== 1 || this.clock.now().getTime() >= document.expiresAt) {
      throw new ForbiddenException(
        'This service-character login link is unknown, used or expired: ask for a new one ' +
          '(npm run admin -- service-character-login).',
      );
    }
  }

  /** The callback's end: keeps the grant of a character of the product corporation with the wallet scope. */
  async link(candidate: ServiceCharacterCandidate): Promise<ServiceCharacter> {
    const productCorporationId = this.productCorporationId();
    const { characterId, characterName } = candidate;
    if (!candidate.scopes.includes(CORPORATION_WALLET_SCOPE) || !candidate.refreshToken) {
      throw new BadRequestException(
        `${characterName} did not grant ${CORPORATION_WALLET_SCOPE}: log in again and keep that scope.`,
      );
    }
    const corporationId = await this.options.corporationOf(characterId);
    if (corporationId !== productCorporationId) {
      this.logger.warn(
        { characterId, corporationId, productCorporationId },
        'A service-character login for another corporation was refused',
      );
      throw new ForbiddenException(
        `${characterName} is in corporation ${corporationId}, not in the product corporation ` +
          `${productCorporationId} (PRODUCT_CORPORATION_ID): log in with one of its characters.`,
      );
    }
    const linked = await this.grant.save(
      { characterId, characterName, corporationId, scopes: [...candidate.scopes] },
      candidate.refreshToken,
    );
    this.logger.info({ characterId, corporationId }, 'The operator linked the service character');
    return linked;
  }
}
