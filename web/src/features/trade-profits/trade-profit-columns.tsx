import { LineChartOutlined } from '@ant-design/icons';
import { Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import {
  InlineNumberInput,
  centsIskText,
  centsText,
  dateColumn,
  iskInputCents,
  unitsInput,
} from '../../shared/ui/editable-list';
import {
  editOf,
  figureValue,
  figuresOfLine,
  marginCalculatorLink,
  marginText,
  profitOf,
  withFigure,
  type TradeProfitField,
  type TradeProfitLine,
} from './trade-profit-edit';

interface FigureColumn {
  readonly field: TradeProfitField;
  readonly title: string;
}

const FIGURE_COLUMNS: readonly FigureColumn[] = [
  { field: 'units', title: 'Units' },
  { field: 'buyUnitPrice', title: 'Buy Price' },
  { field: 'buyCost', title: 'Buy Total' },
  { field: 'buyBrokerFee', title: 'Buy Broker Fee' },
  { field: 'sellUnitPrice', title: 'Sell Price' },
  { field: 'sellGross', title: 'Sell Total' },
  { field: 'sellBrokerFee', title: 'Sell Broker Fee' },
  { field: 'sellTax', title: 'Sales Tax' },
];

const figureText = (field: TradeProfitField, value: number): string =>
  field === 'units' ? value.toLocaleString('en-US') : centsIskText(value);

type Edit = (line: TradeProfitLine, field: TradeProfitField, value: number) => void;

function figureColumn(
  { field, title }: FigureColumn,
  editing: boolean,
  edit: Edit,
): TableColumnsType<TradeProfitLine>[number] {
  return {
    title,
    key: field,
    align: 'right',
    render: (_, line) => {
      const value = figureValue(figuresOfLine(line), field);
      if (!editing) return <span style={{ whiteSpace: 'nowrap' }}>{figureText(field, value)}</span>;
      return (
        <InlineNumberInput<number>
          value={value}
          label={`${title} of row ${line.row.id}`}
          testId={`trade-${field}`}
          width={field === 'units' ? 80 : 130}
          parse={field === 'units' ? unitsInput : iskInputCents}
          format={field === 'units' ? String : centsText}
          onValue={(next) => edit(line, field, next)}
        />
      );
    },
  };
}

/**
 * The columns of Trade Profits: what was sold and its result first (profit, margin, the calculator link), then
 * the figures they come from. In edit mode units, unit prices, totals, fees and tax are inputs; a change
 * rescales the related figures and the profit and margin follow (account-area §4).
 */
export function tradeProfitColumns(
  editing: boolean,
  selected: readonly string[],
  edit: Edit,
): TableColumnsType<TradeProfitLine> {
  return [
    dateColumn((line) => line.row.date),
    { title: 'Character', key: 'character', render: (_, line) => line.row.characterName ?? '--' },
    {
      title: 'Item',
      key: 'item',
      render: (_, line) => (
        <span style={{ display: 'inline-block', minWidth: 160 }}>
          {line.row.typeName}
          {line.row.edited ? <Typography.Text type="secondary"> (edited)</Typography.Text> : null}
        </span>
      ),
    },
    figureColumn(FIGURE_COLUMNS[0]!, editing, edit),
    {
      title: 'Profit',
      key: 'profit',
      align: 'right',
      render: (_, line) => {
        const profit = profitOf(figuresOfLine(line));
        // On a selected row's highlight the sign colours lack contrast: the amount's sign says it there.
        const tone = selected.includes(line.row.id)
          ? undefined
          : profit < 0
            ? 'danger'
            : profit > 0
              ? 'success'
              : undefined;
        return (
          <Typography.Text data-testid="trade-profit" type={tone} style={{ whiteSpace: 'nowrap' }}>
            {centsIskText(profit)}
          </Typography.Text>
        );
      },
    },
    {
      title: 'Margin',
      key: 'margin',
      align: 'right',
      render: (_, line) => <span data-testid="trade-margin">{marginText(figuresOfLine(line))}</span>,
    },
    {
      title: 'Calculator',
      key: 'calculator',
      render: (_, line) => (
        <Link
          to={marginCalculatorLink(figuresOfLine(line))}
          data-testid="trade-margin-link"
          aria-label={`Open ${line.row.typeName} in the margin calculator`}
          title="Open in the margin calculator"
        >
          <LineChartOutlined />
        </Link>
      ),
    },
    ...FIGURE_COLUMNS.slice(1).map((column) => figureColumn(column, editing, edit)),
  ];
}

export function editedLine(line: TradeProfitLine, field: TradeProfitField, value: number): TradeProfitLine {
  return { row: line.row, edit: withFigure(editOf(line), field, value) };
}
