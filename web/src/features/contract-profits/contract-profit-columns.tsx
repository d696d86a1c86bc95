import { ExclamationCircleOutlined, InfoCircleOutlined, LineChartOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, Tooltip, Typography, theme, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  figureValue,
  figuresOfLine,
  marginCalculatorLink,
  marginText,
  profitOf,
  type FigureColumn,
  type ProfitField,
} from '../../shared/profit-list';
import {
  InlineNumberInput,
  centsIskText,
  centsText,
  dateColumn,
  iskInputCents,
} from '../../shared/ui/editable-list';
import {
  CONTRACT_FIGURE_COLUMNS,
  excludedFromProfit,
  feeSourceText,
  figuresOfContractRow,
  itemNames,
  type ContractProfitLine,
} from './contract-profit-edit';

type Column = TableColumnsType<ContractProfitLine>[number];

export interface ContractProfitColumnsOptions {
  readonly editing: boolean;
  readonly selected: readonly string[];
  readonly edit: (line: ContractProfitLine, field: ProfitField, value: number) => void;
  readonly explainExclusion: (line: ContractProfitLine) => void;
}

/**
 * A cost that leaves items without a buy price out: in the error colour (the dark theme's lighter error text,
 * readable on a hovered row) with a warning sign; on a selected row's highlight the sign alone marks it.
 */
function IncompleteCost({ text, selected }: { readonly text: string; readonly selected: boolean }) {
  const { token } = theme.useToken();
  return (
    <span
      data-testid="contract-cost-incomplete"
      style={selected ? undefined : { color: token.colorErrorTextHover }}
    >
      <ExclamationCircleOutlined
        aria-label="Items without a buy price"
        style={{ marginInlineEnd: token.marginXXS }}
      />
      {text}
    </span>
  );
}

/** A fee or the tax with where it comes from: the wallet journal, or the spec's estimate (§9). */
function FeeText({ text, source }: { readonly text: string; readonly source: 'journal' | 'rule' }) {
  const { token } = theme.useToken();
  const why = feeSourceText(source);
  return (
    <Tooltip title={why}>
      <span tabIndex={0} data-testid="contract-fee" data-source={source} aria-label={`${text}: ${why}`}>
        {text}
        {source === 'rule' ? (
          <InfoCircleOutlined aria-hidden style={{ marginInlineStart: token.marginXXS }} />
        ) : null}
      </span>
    </Tooltip>
  );
}

function figureColumn({ field, name, title }: FigureColumn, options: ContractProfitColumnsOptions): Column {
  return {
    title,
    key: name,
    align: 'right',
    render: (_, line) => {
      const value = figureValue(figuresOfLine(line, figuresOfContractRow), field);
      if (options.editing)
        return (
          <InlineNumberInput<number>
            value={value}
            label={`${title} of contract ${line.row.characterContract.contractId}`}
            testId={`contract-${name}`}
            width={130}
            parse={iskInputCents}
            format={centsText}
            onValue={(next) => options.edit(line, field, next)}
          />
        );
      const text = centsIskText(value);
      const { row } = line;
      let cell: ReactNode = text;
      if (field === 'cost' && excludedFromProfit(row))
        cell = <IncompleteCost text={text} selected={options.selected.includes(row.id)} />;
      else if (field === 'sellBrokerFee') cell = <FeeText text={text} source={row.sellBrokerFeeSource} />;
      else if (field === 'sellTax') cell = <FeeText text={text} source={row.sellTaxSource} />;
      return (
        <span style={{ whiteSpace: 'nowrap' }} data-testid={`contract-cell-${name}`}>
          {cell}
        </span>
      );
    },
  };
}

/**
 * The columns of Contract Profits (account-area §2): Date, Character, Contract (title, acceptor, contract id),
 * Items, the editable figures (Total Cost, Sell Gross, Broker Fee, Tax), Profit, Margin and the margin
 * calculator link. A row left out of profit shows its profit muted and struck through, tagged, with the reason
 * a click away.
 */
export function contractProfitColumns(
  options: ContractProfitColumnsOptions,
): TableColumnsType<ContractProfitLine> {
  const { selected } = options;
  return [
    dateColumn((line) => line.row.date),
    { title: 'Character', key: 'character', render: (_, line) => line.row.characterName ?? '--' },
    {
      title: 'Contract',
      key: 'contract',
      render: (_, line) => {
        const contract = line.row.characterContract;
        return (
          <Flex vertical style={{ minWidth: 160 }} data-testid="contract-cell-contract">
            <span>
              {contract.title?.trim() || '(no title)'}
              {line.row.edited ? <Typography.Text type="secondary"> (edited)</Typography.Text> : null}
            </span>
            <Typography.Text type="secondary">
              {contract.acceptorName ? `To ${contract.acceptorName}, ` : ''}#{contract.contractId}
            </Typography.Text>
          </Flex>
        );
      },
    },
    {
      title: 'Items',
      key: 'items',
      render: (_, line) => (
        <span style={{ display: 'inline-block', minWidth: 160 }} data-testid="contract-cell-items">
          {itemNames(line.row).join(', ') || '--'}
        </span>
      ),
    },
    ...CONTRACT_FIGURE_COLUMNS.map((column) => figureColumn(column, options)),
    {
      title: 'Profit',
      key: 'profit',
      align: 'right',
      render: (_, line) => {
        const profit = profitOf(figuresOfLine(line, figuresOfContractRow));
        if (excludedFromProfit(line.row))
          return (
            <Flex vertical align="flex-end" gap={4}>
              <Typography.Text
                type="secondary"
                delete
                data-testid="contract-profit"
                data-excluded="true"
                style={{ whiteSpace: 'nowrap' }}
              >
                {centsIskText(profit)}
              </Typography.Text>
              <Tag style={{ marginInlineEnd: 0 }} data-testid="contract-excluded-tag">
                Excluded from profit
              </Tag>
              <Button
                size="small"
                data-testid="contract-excluded-why"
                onClick={() => options.explainExclusion(line)}
              >
                Why excluded?
              </Button>
            </Flex>
          );
        // On a selected row's highlight the sign colours lack contrast: the amount's sign says it there.
        const tone = selected.includes(line.row.id)
          ? undefined
          : profit < 0
            ? 'danger'
            : profit > 0
              ? 'success'
              : undefined;
        return (
          <Typography.Text data-testid="contract-profit" type={tone} style={{ whiteSpace: 'nowrap' }}>
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
        <span data-testid="contract-margin">{marginText(figuresOfLine(line, figuresOfContractRow))}</span>
      ),
    },
    {
      title: 'Calculator',
      key: 'calculator',
      render: (_, line) => (
        <Link
          to={marginCalculatorLink(figuresOfLine(line, figuresOfContractRow))}
          data-testid="contract-margin-link"
          aria-label={`Open contract ${line.row.characterContract.contractId} in the margin calculator`}
          title="Open in the margin calculator"
        >
          <LineChartOutlined />
        </Link>
      ),
    },
  ];
}
