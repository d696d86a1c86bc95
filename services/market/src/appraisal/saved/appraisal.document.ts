import type { AppraisalMethod } from '../pricing/appraisal-method';
import type { PricedAppraisal } from '../pricing/appraisal-pricing';
import type { PriceMode } from '../pricing/price-mode';

/** The id a temporary appraisal (no link asked for) is shown with; it is never stored. */
export const TEMPORARY_APPRAISAL_ID = 'temp';

/** Cents and micro-m³ as decimal strings: exact at any size, in every read store. */
export type DecimalString = string;

export interface SellNowDocument {
  readonly filledQuantity: number;
  readonly unfilledQuantity: number;
  readonly proceedsCents: DecimalString;
  readonly ordersFilled: number;
  readonly worstPriceCents: DecimalString | null;
  readonly slippageCents: DecimalString;
}

export interface AppraisalItemDocument {
  readonly typeId: number;
  readonly typeName: string;
  readonly quantity: number;
  readonly unitVolume: number;
  readonly totalVolumeMicro: DecimalString;
  readonly sellCents: DecimalString;
  readonly buyCents: DecimalString;
  readonly totalSellCents: DecimalString;
  readonly totalBuyCents: DecimalString;
  readonly method: AppraisalMethod;
  /** Absent in documents saved before each side had its own method: both sides were `method`. */
  readonly sellMethod?: AppraisalMethod;
  readonly buyMethod?: AppraisalMethod;
  readonly sellNow: SellNowDocument | null;
}

/**
 * A saved appraisal in the read store's `appraisals` collection (ADR 0006: a public, expiring artefact, not an
 * event). A temporary appraisal has the same shape with the id 'temp' and is never written.
 */
export interface AppraisalDocument {
  readonly _id: string;
  /** The account logged in when it was created: its history lists it. */
  readonly accountId: string | null;
  readonly regionId: number;
  readonly regionName: string;
  /** Where it was priced (a trade hub's station) and how; absent in older documents: the region, top of book, 100%. */
  readonly stationId?: number | null;
  readonly stationName?: string | null;
  /** Or a public player structure's own market (its name as ESI gave it then); absent in older documents: none. */
  readonly structureId?: number | null;
  readonly structureName?: string | null;
  readonly priceMode?: PriceMode;
  readonly pricePercent?: number;
  /** Epoch milliseconds; prices are those of this moment. */
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly itemCount: number;
  readonly totalSellCents: DecimalString;
  readonly totalBuyCents: DecimalString;
  readonly totalVolumeMicro: DecimalString;
  readonly totalSellNowCents: DecimalString;
  readonly totalSlippageCents: DecimalString;
  /** Rows with no price on that side (absent in older documents: 0). */
  readonly unpricedSellRows?: number;
  readonly unpricedBuyRows?: number;
  readonly items: readonly AppraisalItemDocument[];
}

/** What the history lists: the document without its rows. */
export type AppraisalSummaryDocument = Omit<AppraisalDocument, 'items'>;

export interface AppraisalDocumentMeta {
  readonly id: string;
  readonly accountId: string | null;
  readonly regionId: number;
  readonly regionName: string;
  readonly stationId: number | null;
  readonly stationName: string | null;
  readonly structureId: number | null;
  readonly structureName: string | null;
  readonly priceMode: PriceMode;
  readonly pricePercent: number;
  readonly createdAt: number;
  readonly expiresAt: number;
}

/** The priced rows as a document: bigints become decimal strings. */
export function appraisalDocument(priced: PricedAppraisal, meta: AppraisalDocumentMeta): AppraisalDocument {
  return {
    _id: meta.id,
    accountId: meta.accountId,
    regionId: meta.regionId,
    regionName: meta.regionName,
    stationId: meta.stationId,
    stationName: meta.stationName,
    structureId: meta.structureId,
    structureName: meta.structureName,
    priceMode: meta.priceMode,
    pricePercent: meta.pricePercent,
    createdAt: meta.createdAt,
    expiresAt: meta.expiresAt,
    itemCount: priced.items.length,
    totalSellCents: String(priced.totalSellCents),
    totalBuyCents: String(priced.totalBuyCents),
    totalVolumeMicro: String(priced.totalVolumeMicro),
    totalSellNowCents: String(priced.totalSellNowCents),
    totalSlippageCents: String(priced.totalSlippageCents),
    unpricedSellRows: priced.unpricedSellRows,
    unpricedBuyRows: priced.unpricedBuyRows,
    items: priced.items.map((item) => ({
      typeId: item.typeId,
      typeName: item.typeName,
      quantity: item.quantity,
      unitVolume: item.unitVolume,
      totalVolumeMicro: String(item.totalVolumeMicro),
      sellCents: String(item.sellCents),
      buyCents: String(item.buyCents),
      totalSellCents: String(item.totalSellCents),
      totalBuyCents: String(item.totalBuyCents),
      method: item.method,
      sellMethod: item.sellMethod,
      buyMethod: item.buyMethod,
      sellNow: item.sellNow && {
        filledQuantity: item.sellNow.filledQuantity,
        unfilledQuantity: item.sellNow.unfilledQuantity,
        proceedsCents: String(item.sellNow.proceedsCents),
        ordersFilled: item.sellNow.ordersFilled,
        worstPriceCents: item.sellNow.worstPriceCents === null ? null : String(item.sellNow.worstPriceCents),
        slippageCents: String(item.sellNow.slippageCents),
      },
    })),
  };
}
