import { Table, Tooltip, theme, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { Appraisal, AppraisalItem } from './appraisal-api';
import { formatQuantity, formatVolume, formatWholeNumber, iskCell } from './appraisal-format';
import {
  appraisalMethodLabel,
  rowTone,
  sideHasPrice,
  sidesMethodLabel,
} from '../../shared/appraisal-methods';
import { compareBy, ITEM_COLUMNS } from './appraisal-table';
import { MarketDetailsPanel } from './MarketDetailsPanel';

type ColumnKey = (typeof ITEM_COLUMNS)[number]['key'];

function IskCell({ value }: { readonly value: number | null }) {
  const { text, title } = iskCell(value);
  return <span title={title}>{text}</span>;
}

const RENDER: Record<ColumnKey, (item: AppraisalItem) => React.ReactNode> = {
  item: (item) => item.typeName,
  quantity: (item) => <span title={formatWholeNumber(item.quantity)}>{formatQuantity(item.quantity)}</span>,
  unitVolume: (item) => formatVolume(item.unitVolume),
  totalVolume: (item) => formatVolume(item.totalVolume),
  unitSell: (item) => <SideCell method={item.sellMethod} row={item.appraisalMethod} value={item.sellPrice} />,
  unitBuy: (item) => <SideCell method={item.buyMethod} row={item.appraisalMethod} value={item.buyPrice} />,
  totalSell: (item) => (
    <SideCell method={item.sellMethod} row={item.appraisalMethod} value={item.totalSell} />
  ),
  totalBuy: (item) => <SideCell method={item.buyMethod} row={item.appraisalMethod} value={item.totalBuy} />,
  sellNow: (item) =>
    item.sellNow ? (
      <Tooltip title={`Slippage ${iskCell(item.sellNow.slippage).title ?? ''}`}>
        <span>
          <IskCell value={item.sellNow.proceeds} />
        </span>
      </Tooltip>
    ) : (
      '-'
    ),
  iskVolumeSell: (item) => <IskCell value={item.iskVolumeSell} />,
  iskVolumeBuy: (item) => <IskCell value={item.iskVolumeBuy} />,
  method: (item) => sidesMethodLabel(item.appraisalMethod, item.sellMethod, item.buyMethod),
};

/**
 * One side's price: a market type's side with no price at all reads 'Not appraised, no orders.' rather than 0, and
 * a side priced from ESI's average says so on hover.
 */
function SideCell({
  method,
  row,
  value,
}: {
  readonly method: AppraisalItem['sellMethod'];
  readonly row: AppraisalItem['appraisalMethod'];
  readonly value: number;
}) {
  if (row === 'BLUEPRINT' || row === 'NONE' || sideHasPrice(method)) {
    return method === 'ESI_PRICE' && row !== 'ESI_PRICE' ? (
      <Tooltip title={appraisalMethodLabel(method)}>
        <span data-side-method={method}>
          <IskCell value={value} />*
        </span>
      </Tooltip>
    ) : (
      <IskCell value={value} />
    );
  }
  return <span data-side-method={method}>{appraisalMethodLabel(method)}</span>;
}

const COLUMNS: TableColumnsType<AppraisalItem> = ITEM_COLUMNS.map((column) => ({
  key: column.key,
  title: column.title,
  align: column.key === 'item' || column.key === 'method' ? 'left' : 'right',
  sorter: compareBy(column.value),
  showSorterTooltip: false,
  render: (_: unknown, item: AppraisalItem) => RENDER[column.key](item),
}));

/**
 * The appraisal's rows, sortable by every column, coloured by method (the error colour for NONE and
 * INSUFFICIENT_DATA, the research colour for BLUEPRINT); clicking a row opens its Market Details.
 */
export function AppraisalItemsTable({ appraisal }: { readonly appraisal: Appraisal }) {
  const { token } = theme.useToken();
  const [expanded, setExpanded] = useState<readonly number[]>([]);
  // The lighter shades: the dark theme's base error and purple lack contrast on the table's sorted column.
  const toneColor = { error: token.colorErrorTextHover, research: token.purple8 } as const;

  return (
    <div data-testid="appraisal-items" style={{ marginTop: token.marginLG }}>
      <Table<AppraisalItem>
        columns={COLUMNS}
        dataSource={appraisal.items as AppraisalItem[]}
        rowKey="index"
        size="small"
        pagination={appraisal.items.length > 100 ? { pageSize: 100, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowKeys: expanded as number[],
          onExpandedRowsChange: (keys) => setExpanded(keys as number[]),
          expandRowByClick: true,
          showExpandColumn: false,
          expandedRowRender: (item) => <MarketDetailsPanel item={item} regionId={appraisal.regionId} />,
        }}
        onRow={(item) => {
          const tone = rowTone(item.appraisalMethod);
          return {
            'data-method': item.appraisalMethod,
            'data-tone': tone ?? 'normal',
            style: { cursor: 'pointer', ...(tone ? { color: toneColor[tone] } : {}) },
          } as React.HTMLAttributes<HTMLTableRowElement>;
        }}
      />
    </div>
  );
}
