import { LineChartOutlined } from '@ant-design/icons';
import { Tag, Tooltip, Typography, theme, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  InlineNumberInput,
  centsIskText,
  centsText,
  characterOrderText,
  dateColumn,
  iskInputCents,
  unitsInput,
} from '../ui/editable-list';
import { brokerFeeEstimateOf, brokerFeeEstimateTitle, type BrokerFeeEstimated } from './broker-fee-estimate';
import {
  figureValue,
  figuresOfLine,
  marginCalculatorLink,
  marginText,
  profitOf,
  type FigureColumn,
  type FiguresOfRow,
  type ProfitField,
  type ProfitLine,
} from './profit-figures';

/** What every profit list row has besides its figures. */
export interface ProfitListRow extends BrokerFeeEstimated {
  readonly id: string;
  readonly date: string;
  readonly characterName: string | null;
  /** False for a corporation's sale (' (Corp order)'); absent on rows that name no wallet. */
  readonly isPersonal?: boolean;
  readonly typeName: string;
  readonly edited: boolean;
  readonly isIgnored: boolean;
}

type Column<Row> = TableColumnsType<ProfitLine<Row>>[number];
export type ProfitEditHandler<Row> = (line: ProfitLine<Row>, field: ProfitField, value: number) => void;

export interface ProfitColumnsOptions<Row> {
  /** Prefix of the cells' test ids: `${prefix}-profit`, `${prefix}-margin`, `${prefix}-margin-link`, ... */
  readonly testIdPrefix: string;
  /** The editable figures: the first (units) stands before the profit, the others after the calculator link. */
  readonly figureColumns: readonly [FigureColumn, ...FigureColumn[]];
  readonly figuresOfRow: FiguresOfRow<Row>;
  readonly editing: boolean;
  readonly selected: readonly string[];
  readonly edit: ProfitEditHandler<Row>;
  /**
   * A figure's cell outside edit mode, to mark it (an incomplete cost); the plain text by default. On a selected
   * row's highlight colours lack contrast: `selected` says when to mark it some other way.
   */
  readonly figureCell?: (
    line: ProfitLine<Row>,
    field: ProfitField,
    text: string,
    selected: boolean,
  ) => ReactNode;
}

const figureText = (field: ProfitField, value: number): string =>
  field === 'units' ? value.toLocaleString('en-US') : centsIskText(value);

/**
 * The small 'estimated' marker beside a broker fee that is the configured rate's estimate; hovering or focusing it
 * shows why the fee could not be matched to what its order paid.
 */
function BrokerFeeEstimateMark({ reason, testId }: { readonly reason: string; readonly testId: string }) {
  const { token } = theme.useToken();
  const title = brokerFeeEstimateTitle(reason);
  return (
    <Tooltip title={title}>
      <Tag
        data-testid={testId}
        tabIndex={0}
        role="note"
        aria-label={title}
        color="warning"
        style={{ marginInlineStart: token.marginXXS, marginInlineEnd: 0, cursor: 'help' }}
      >
        estimated
      </Tag>
    </Tooltip>
  );
}

function figureColumn<Row extends ProfitListRow>(
  { field, name, title }: FigureColumn,
  options: ProfitColumnsOptions<Row>,
): Column<Row> {
  return {
    title,
    key: name,
    align: 'right',
    render: (_, line) => {
      const value = figureValue(figuresOfLine(line, options.figuresOfRow), field);
      if (!options.editing) {
        const text = figureText(field, value);
        const estimate = brokerFeeEstimateOf(line, field);
        return (
          <span style={{ whiteSpace: 'nowrap' }}>
            {options.figureCell
              ? options.figureCell(line, field, text, options.selected.includes(line.row.id))
              : text}
            {estimate === null ? null : (
              <BrokerFeeEstimateMark reason={estimate} testId={`${options.testIdPrefix}-${name}-estimated`} />
            )}
          </span>
        );
      }
      return (
        <InlineNumberInput<number>
          value={value}
          label={`${title} of row ${line.row.id}`}
          testId={`${options.testIdPrefix}-${name}`}
          width={field === 'units' ? 80 : 130}
          parse={field === 'units' ? unitsInput : iskInputCents}
          format={field === 'units' ? String : centsText}
          onValue={(next) => options.edit(line, field, next)}
        />
      );
    },
  };
}

/**
 * The columns of a profit list: what was sold and its result first (profit, margin, the calculator link), then
 * the figures they come from. In edit mode units, unit prices, totals, fees and tax are inputs; a change
 * rescales the related figures and the profit and margin follow (account-area §4).
 */
export function profitListColumns<Row extends ProfitListRow>(
  options: ProfitColumnsOptions<Row>,
): TableColumnsType<ProfitLine<Row>> {
  const { testIdPrefix: prefix, figuresOfRow, selected } = options;
  const [units, ...others] = options.figureColumns;
  return [
    dateColumn((line) => line.row.date),
    {
      title: 'Character',
      key: 'character',
      render: (_, line) => characterOrderText(line.row.characterName, line.row.isPersonal ?? true),
    },
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
    figureColumn(units, options),
    {
      title: 'Profit',
      key: 'profit',
      align: 'right',
      render: (_, line) => {
        const profit = profitOf(figuresOfLine(line, figuresOfRow));
        // On a selected row's highlight the sign colours lack contrast: the amount's sign says it there.
        const tone = selected.includes(line.row.id)
          ? undefined
          : profit < 0
            ? 'danger'
            : profit > 0
              ? 'success'
              : undefined;
        return (
          <Typography.Text data-testid={`${prefix}-profit`} type={tone} style={{ whiteSpace: 'nowrap' }}>
            {centsIskText(profit)}
          </Typography.Text>
        );
      },
    },
    {
      title: 'Margin',
      key: 'margin',
      align: 'right',
      render: (_, line) => (
        <span data-testid={`${prefix}-margin`}>{marginText(figuresOfLine(line, figuresOfRow))}</span>
      ),
    },
    {
      title: 'Calculator',
      key: 'calculator',
      render: (_, line) => (
        <Link
          to={marginCalculatorLink(figuresOfLine(line, figuresOfRow))}
          data-testid={`${prefix}-margin-link`}
          aria-label={`Open ${line.row.typeName} in the margin calculator`}
          title="Open in the margin calculator"
        >
          <LineChartOutlined />
        </Link>
      ),
    },
    ...others.map((column) => figureColumn(column, options)),
  ];
}
