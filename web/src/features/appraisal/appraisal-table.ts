import type { AppraisalItem } from './appraisal-api';
import { appraisalMethodLabel } from '../../shared/appraisal-methods';

type Sortable = (item: AppraisalItem) => number | string | null;

/** Ascending: numbers by value, text by locale, a missing value (null) first; ties keep the paste order. */
export function compareBy(value: Sortable): (a: AppraisalItem, b: AppraisalItem) => number {
  return (a, b) => {
    const left = value(a);
    const right = value(b);
    if (left === right) return a.index - b.index;
    if (left === null) return -1;
    if (right === null) return 1;
    if (typeof left === 'string' || typeof right === 'string') {
      return String(left).localeCompare(String(right)) || a.index - b.index;
    }
    return left - right;
  };
}

/** The columns of public-tools §2 in order, with the sell-now figure beside the top-of-book totals. */
export const ITEM_COLUMNS = [
  { key: 'item', title: 'Item', value: (item: AppraisalItem) => item.typeName },
  { key: 'quantity', title: 'Quantity', value: (item: AppraisalItem) => item.quantity },
  { key: 'unitVolume', title: 'Unit Volume', value: (item: AppraisalItem) => item.unitVolume },
  { key: 'totalVolume', title: 'Total Volume', value: (item: AppraisalItem) => item.totalVolume },
  { key: 'unitSell', title: 'Unit Sell', value: (item: AppraisalItem) => item.sellPrice },
  { key: 'unitBuy', title: 'Unit Buy', value: (item: AppraisalItem) => item.buyPrice },
  { key: 'totalSell', title: 'Total Sell', value: (item: AppraisalItem) => item.totalSell },
  { key: 'totalBuy', title: 'Total Buy', value: (item: AppraisalItem) => item.totalBuy },
  { key: 'sellNow', title: 'Sell Now', value: (item: AppraisalItem) => item.sellNow?.proceeds ?? null },
  { key: 'iskVolumeSell', title: 'ISK per m3 sell', value: (item: AppraisalItem) => item.iskVolumeSell },
  { key: 'iskVolumeBuy', title: 'ISK per m3 buy', value: (item: AppraisalItem) => item.iskVolumeBuy },
  {
    key: 'method',
    title: 'Appraisal Method',
    value: (item: AppraisalItem) => appraisalMethodLabel(item.appraisalMethod),
  },
] as const;
