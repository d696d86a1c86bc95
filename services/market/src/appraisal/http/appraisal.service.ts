import {
  BadRequestException,
  Inject,
  Injectable,
  NotFoundException,
  PayloadTooLargeException,
  ServiceUnavailableException,
  UnauthorizedException,
} from '@nestjs/common';
import { CLOCK, type AccountSession, type Clock } from '@tradewise/platform';
import { MARKET_HUB_STATION_IDS } from '../../market-data/market-hubs';
import {
  ACCOUNT_STRUCTURE_MARKETS,
  STRUCTURE_NAMES,
  type AccountStructureMarkets,
  type StructureNames,
} from '../../market-data/market-data.ports';
import { checkPasteLimits, parsePaste, type PasteParseResult } from '../parse';
import { AppraisalCatalog } from '../pricing/appraisal-catalog';
import { AppraisalPricer } from '../pricing/appraisal-pricer';
import {
  mergeLines,
  type AppraisalLine,
  type PricedAppraisal,
  type PricingOptions,
} from '../pricing/appraisal-pricing';
import { appraisalDocument, TEMPORARY_APPRAISAL_ID } from '../saved/appraisal.document';
import { isAppraisalIdShape } from '../saved/appraisal-id';
import { AppraisalStore } from '../saved/appraisal.store';
import type {
  AppraisalCreatedDto,
  AppraisalDto,
  AppraisalHubComparisonDto,
  AppraisalSummaryDto,
  PasteReadingDto,
  TypeGuessDto,
  UnknownItemDto,
} from './appraisal.dto';
import { appraisalDto, appraisalHubDto, appraisalSummaryDto, pasteReadingDto } from './appraisal.mapper';
import type { AppraisalCreateInput, HubComparisonInput, RequestedItem } from './appraisal-request';

/** The 401 of an appraisal at a structure asked without a login; the page shows the message as it is. */
export const STRUCTURE_LOGIN_MESSAGE =
  "Log in to price at a player structure: ESI shows a structure's market only to characters who may dock there.";

interface ReadItems {
  readonly lines: readonly AppraisalLine[];
  readonly unknown: readonly UnknownItemDto[];
}

/** Creating, reading and listing appraisals (public-tools §2 Appraisal tool, §7). */
@Injectable()
export class AppraisalService {
  constructor(
    @Inject(AppraisalCatalog) private readonly catalog: AppraisalCatalog,
    @Inject(AppraisalPricer) private readonly pricer: AppraisalPricer,
    @Inject(AppraisalStore) private readonly store: AppraisalStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ACCOUNT_STRUCTURE_MARKETS) private readonly structureMarkets: AccountStructureMarkets,
    @Inject(STRUCTURE_NAMES) private readonly structureNames: StructureNames,
  ) {}

  /** The live preview: the parser's reading of a paste, nothing priced or stored. */
  readPaste(text: string): PasteReadingDto {
    return pasteReadingDto(this.parse(text));
  }

  /** `session`: the logged-in user's, or null for a visitor (who cannot price at a player structure). */
  async create(input: AppraisalCreateInput, session: AccountSession | null): Promise<AppraisalCreatedDto> {
    if (input.structureId !== null && session === null) {
      throw new UnauthorizedException({ message: STRUCTURE_LOGIN_MESSAGE, code: 'LOGIN_REQUIRED' });
    }
    if (input.structureId !== null) await this.requirePublicMarket(input.structureId);
    const station = input.stationId === null ? null : this.catalog.hubStation(input.stationId);
    if (input.stationId !== null && station === null) {
      throw new BadRequestException(
        `stationId ${input.stationId} is not one of the trade hubs' stations (${MARKET_HUB_STATION_IDS.join(', ')}).`,
      );
    }
    if (station && input.regionGiven && input.regionId !== station.regionId) {
      throw new BadRequestException(`stationId ${station.stationId} is not in region ${input.regionId}.`);
    }
    // At a structure the region is the structure's; one asked for must still be a region (the fallback's name).
    if (this.catalog.regionName(station?.regionId ?? input.regionId) === null) {
      throw new BadRequestException(`regionId ${station?.regionId ?? input.regionId} is not a known region.`);
    }

    let read: ReadItems;
    let paste: PasteParseResult | null = null;
    if (input.source.kind === 'text') {
      paste = this.parse(input.source.text);
      if (paste.problem) throw new BadRequestException(paste.problem.message);
      read = this.pastedItems(paste);
    } else {
      read = this.requestedItems(input.source.items);
    }
    const lines = mergeLines(read.lines);
    if (lines.length === 0) {
      throw new BadRequestException(
        `No item was found: ${read.unknown.length} item(s) weren't found when creating the appraisal.`,
      );
    }

    const options = { mode: input.priceMode, percent: input.pricePercent };
    let market: PricedMarket;
    if (input.structureId !== null) {
      market = await this.priceAtStructure(input.structureId, session!, lines, options, input.regionId);
    } else {
      const regionId = station?.regionId ?? input.regionId;
      market = {
        priced: await this.pricer.price(regionId, lines, { ...options, ...(station ? { station } : {}) }),
        regionId,
        regionName: this.catalog.regionName(regionId)!,
        stationId: station?.stationId ?? null,
        stationName: station?.name ?? null,
        structureId: null,
        structureName: null,
      };
    }
    const { priced, ...place } = market;
    const createdAt = this.clock.now().getTime();
    const meta = {
      accountId: session?.accountId ?? null,
      ...place,
      priceMode: input.priceMode,
      pricePercent: input.pricePercent,
      createdAt,
      expiresAt: createdAt + input.expirySeconds * 1000,
    };
    const appraisal = input.createLink
      ? appraisalDto(await this.store.insert((id) => appraisalDocument(priced, { ...meta, id })))
      : appraisalDto(appraisalDocument(priced, { ...meta, id: TEMPORARY_APPRAISAL_ID }), true);

    const rowByType = new Map(lines.map((line, index) => [line.typeId, index]));
    return {
      appraisal,
      numUnknown: read.unknown.length,
      numGuesses: read.unknown.filter((item) => item.guess).length,
      unknownItems: read.unknown,
      ...(paste
        ? {
            paste: pasteReadingDto(paste, (item) =>
              item.typeId === null ? null : (rowByType.get(item.typeId) ?? null),
            ),
          }
        : {}),
    };
  }

  /**
   * A public structure's own market, read with the token of one of the session's account's characters (the
   * accounts context chooses it and answers 403 or 502 for it). The appraisal's region is the structure's when ESI
   * names it to that character, else the one asked for (only the ESI average fallback, game-wide, reads no book).
   */
  private async priceAtStructure(
    structureId: number,
    session: AccountSession,
    lines: readonly AppraisalLine[],
    options: PricingOptions,
    askedRegionId: number,
  ): Promise<PricedMarket> {
    const market = await this.structureMarkets.read(session, structureId);
    const priced = await this.pricer.priceAtStructure(structureId, market.orders, lines, options);
    const region = market.place ? this.catalog.systemRegion(market.place.systemId) : null;
    const regionId = region?.regionId ?? askedRegionId;
    const regionName =
      region?.regionName ?? this.catalog.regionName(askedRegionId) ?? `Region ${askedRegionId}`;
    const name =
      market.place?.name ?? (await this.structureNames.publicNames([structureId])).get(structureId);
    return {
      priced,
      regionId,
      regionName,
      stationId: null,
      stationName: null,
      structureId,
      structureName: name ?? null,
    };
  }

  /** Only public structures with a market: a saved appraisal is public, so it never names a private one. */
  private async requirePublicMarket(structureId: number): Promise<void> {
    const publicIds = await this.structureNames.publicMarketIds();
    if (publicIds === null) {
      throw new ServiceUnavailableException(
        "The game's API did not list the public structures just now; try again in a minute.",
      );
    }
    if (!publicIds.has(structureId)) {
      throw new BadRequestException(
        `structureId ${structureId} is not a public structure with a market (GET /market/structures lists them).`,
      );
    }
  }

  /** The items priced at each of the five trade hubs' stations, as an appraisal made there would price them. */
  async compareHubs(input: HubComparisonInput): Promise<AppraisalHubComparisonDto> {
    const read = this.requestedItems(input.items);
    const lines = mergeLines(read.lines);
    if (lines.length === 0) {
      throw new BadRequestException(`No item was found: ${read.unknown.length} item(s) weren't found.`);
    }
    const hubs = await Promise.all(
      MARKET_HUB_STATION_IDS.map(async (stationId) => {
        const station = this.catalog.hubStation(stationId)!;
        const priced = await this.pricer.price(station.regionId, lines, {
          mode: input.priceMode,
          percent: input.pricePercent,
          station,
        });
        const regionName = this.catalog.regionName(station.regionId) ?? `Region ${station.regionId}`;
        return appraisalHubDto(
          { stationId, stationName: station.name, regionId: station.regionId, regionName },
          priced,
        );
      }),
    );
    return {
      priceMode: input.priceMode,
      pricePercent: input.pricePercent,
      numUnknown: read.unknown.length,
      hubs,
    };
  }

  async get(id: string): Promise<AppraisalDto> {
    if (id === TEMPORARY_APPRAISAL_ID) {
      throw new NotFoundException('A temporary appraisal is not saved: create it with a link to share it.');
    }
    const document = isAppraisalIdShape(id) ? await this.store.find(id, this.clock.now()) : null;
    if (!document) throw new NotFoundException('No appraisal with this id: it may have expired.');
    return appraisalDto(document);
  }

  async history(accountId: string): Promise<AppraisalSummaryDto[]> {
    const documents = await this.store.history(accountId, this.clock.now());
    return documents.map((document) => appraisalSummaryDto(document));
  }

  private parse(text: string): PasteParseResult {
    const tooLarge = checkPasteLimits(text);
    if (tooLarge) {
      throw tooLarge.status === 413
        ? new PayloadTooLargeException(tooLarge.message)
        : new BadRequestException(tooLarge.message);
    }
    return parsePaste(text, this.catalog.resolveTypeName, { resolveTypeId: this.catalog.resolveTypeId });
  }

  private pastedItems(paste: PasteParseResult): ReadItems {
    const lines: AppraisalLine[] = [];
    const unknown = new UnknownItems();
    for (const item of paste.merged) {
      if (item.typeId !== null && this.catalog.typeInfo(item.typeId)) {
        lines.push({ typeId: item.typeId, quantity: item.quantity });
      } else {
        unknown.add(
          item.name,
          item.quantity,
          item.guess && { typeId: item.guess.typeId, typeName: item.guess.name },
        );
      }
    }
    // A line refused for a name no type has is an unknown item too, not just an unreadable line.
    for (const line of paste.unparsed) {
      if (line.reason === 'unknown-item' && line.name !== undefined)
        unknown.add(line.name, line.quantity ?? 1);
    }
    return { lines, unknown: unknown.list() };
  }

  private requestedItems(items: readonly RequestedItem[]): ReadItems {
    const lines: AppraisalLine[] = [];
    const unknown = new UnknownItems();
    for (const item of items) {
      const typeId =
        'typeId' in item
          ? this.catalog.typeInfo(item.typeId)?.typeId
          : this.catalog.resolveTypeName(item.typeName.trim())?.typeId;
      if (typeId !== undefined) lines.push({ typeId, quantity: item.quantity });
      else unknown.add('typeId' in item ? `Type ${item.typeId}` : item.typeName.trim(), item.quantity);
    }
    return { lines, unknown: unknown.list() };
  }
}

/** An appraisal's prices and the market they were read in, as the document keeps it. */
interface PricedMarket {
  readonly priced: PricedAppraisal;
  readonly regionId: number;
  readonly regionName: string;
  readonly stationId: number | null;
  readonly stationName: string | null;
  readonly structureId: number | null;
  readonly structureName: string | null;
}

/** Unknown names listed once each (ignoring case), quantities summed. */
class UnknownItems {
  private readonly byName = new Map<string, { name: string; quantity: number; guess?: TypeGuessDto }>();

  add(name: string, quantity: number, guess?: TypeGuessDto): void {
    const key = name.toLowerCase();
    const known = this.byName.get(key);
    if (known) known.quantity = Math.min(known.quantity + quantity, Number.MAX_SAFE_INTEGER);
    else this.byName.set(key, guess ? { name, quantity, guess } : { name, quantity });
  }

  list(): UnknownItemDto[] {
    return [...this.byName.values()];
  }
}
