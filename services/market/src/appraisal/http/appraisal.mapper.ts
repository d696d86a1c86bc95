import { accountLines, PASTE_FORMAT_LABELS, type MergedPasteItem, type PasteParseResult } from '../parse';
import type { PricedAppraisal } from '../pricing/appraisal-pricing';
import { centsToIsk, divideRounded } from '../pricing/cents';
import type {
  AppraisalDocument,
  AppraisalItemDocument,
  AppraisalSummaryDocument,
  SellNowDocument,
} from '../saved/appraisal.document';
import type {
  AppraisalDto,
  AppraisalHubDto,
  AppraisalItemDto,
  AppraisalSummaryDto,
  PasteReadingDto,
  SellNowDto,
} from './appraisal.dto';

// Number(decimal string) and Number(bigint) round to the same double: no bigint is needed to answer ISK.
const isk = (cents: string): number => Number(cents) / 100;
const cubicMetres = (micro: string): number => Number(micro) / 1_000_000;
const roundTo2 = (value: number): number => Math.round(value * 100) / 100;

function iskPerCubicMetre(priceCents: string, unitVolume: number): number | null {
  return unitVolume > 0 ? roundTo2(isk(priceCents) / unitVolume) : null;
}

function sellNowDto(walk: SellNowDocument): SellNowDto {
  const proceeds = BigInt(walk.proceedsCents);
  const slippage = BigInt(walk.slippageCents);
  const filled = walk.filledQuantity > 0;
  const topOfBookValue = proceeds + slippage;
  return {
    proceeds: centsToIsk(proceeds),
    filledQuantity: walk.filledQuantity,
    unfilledQuantity: walk.unfilledQuantity,
    averagePrice: filled ? centsToIsk(divideRounded(proceeds, BigInt(walk.filledQuantity))) : null,
    worstPrice: walk.worstPriceCents === null ? null : isk(walk.worstPriceCents),
    ordersFilled: walk.ordersFilled,
    slippage: centsToIsk(slippage),
    slippagePercent:
      filled && topOfBookValue > 0n ? Number(divideRounded(slippage * 10_000n, topOfBookValue)) / 100 : null,
  };
}

function itemDto(item: AppraisalItemDocument, index: number): AppraisalItemDto {
  return {
    index,
    typeId: item.typeId,
    typeName: item.typeName,
    quantity: item.quantity,
    unitVolume: item.unitVolume,
    totalVolume: cubicMetres(item.totalVolumeMicro),
    sellPrice: isk(item.sellCents),
    buyPrice: isk(item.buyCents),
    totalSell: isk(item.totalSellCents),
    totalBuy: isk(item.totalBuyCents),
    iskVolumeSell: iskPerCubicMetre(item.sellCents, item.unitVolume),
    iskVolumeBuy: iskPerCubicMetre(item.buyCents, item.unitVolume),
    appraisalMethod: item.method,
    sellMethod: item.sellMethod ?? item.method,
    buyMethod: item.buyMethod ?? item.method,
    sellNow: item.sellNow && sellNowDto(item.sellNow),
  };
}

export function appraisalSummaryDto(
  document: AppraisalSummaryDocument,
  temporary = false,
): AppraisalSummaryDto {
  return {
    id: document._id,
    regionId: document.regionId,
    regionName: document.regionName,
    stationId: document.stationId ?? null,
    stationName: document.stationName ?? null,
    structureId: document.structureId ?? null,
    structureName: document.structureName ?? null,
    priceMode: document.priceMode ?? 'top',
    pricePercent: document.pricePercent ?? 100,
    created: new Date(document.createdAt).toISOString(),
    expires: temporary ? null : new Date(document.expiresAt).toISOString(),
    itemCount: document.itemCount,
    totalSell: isk(document.totalSellCents),
    totalBuy: isk(document.totalBuyCents),
    totalVolume: cubicMetres(document.totalVolumeMicro),
  };
}

export function appraisalDto(document: AppraisalDocument, temporary = false): AppraisalDto {
  return {
    ...appraisalSummaryDto(document, temporary),
    totalSellNow: isk(document.totalSellNowCents),
    totalSlippage: isk(document.totalSlippageCents),
    unpricedSellRows: document.unpricedSellRows ?? 0,
    unpricedBuyRows: document.unpricedBuyRows ?? 0,
    items: document.items.map(itemDto),
  };
}

/** The parser's answer as the preview and the API show it; `rowOf` names the appraisal row of a found item. */
export function pasteReadingDto(
  result: PasteParseResult,
  rowOf?: (item: MergedPasteItem) => number | null,
): PasteReadingDto {
  const account = accountLines(result);
  const itemCount = result.merged.filter((item) => item.typeId !== null).length;
  return {
    kind: result.kind,
    kindLabel: result.kind && PASTE_FORMAT_LABELS[result.kind],
    formats: result.formats.map((usage) => ({ ...usage, label: PASTE_FORMAT_LABELS[usage.format] })),
    items: result.merged.map((item) => ({
      typeId: item.typeId,
      name: item.name,
      quantity: item.quantity,
      formats: item.formats,
      lineNumbers: item.lineNumbers,
      ...(rowOf ? { appraisalIndex: rowOf(item) } : {}),
      guess: item.guess ? { typeId: item.guess.typeId, typeName: item.guess.name } : null,
    })),
    itemCount,
    unknownCount: account.unknownNames,
    guessCount: account.guesses,
    unparsed: result.unparsed,
    lines: account.lines,
    lineCounts: account.counts,
    lineCount: result.lineCount,
    problem: result.problem,
  };
}

/** The items priced at one trade hub's station, for the side-by-side columns. */
export function appraisalHubDto(
  hub: { stationId: number; stationName: string; regionId: number; regionName: string },
  priced: PricedAppraisal,
): AppraisalHubDto {
  return {
    ...hub,
    totalSell: centsToIsk(priced.totalSellCents),
    totalBuy: centsToIsk(priced.totalBuyCents),
    unpricedSellRows: priced.unpricedSellRows,
    unpricedBuyRows: priced.unpricedBuyRows,
    items: priced.items.map((item) => ({
      typeId: item.typeId,
      sellPrice: centsToIsk(item.sellCents),
      buyPrice: centsToIsk(item.buyCents),
      totalSell: centsToIsk(item.totalSellCents),
      totalBuy: centsToIsk(item.totalBuyCents),
      sellMethod: item.sellMethod,
      buyMethod: item.buyMethod,
    })),
  };
}
