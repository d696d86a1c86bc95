import { Button, Card, Descriptions, InputNumber, Space, Table, Tooltip, Typography } from 'antd';
import type { IndustryCalculation, IndustryInput, IndustryOutput } from '../../shared/api';
import { formatIskFull } from '../../shared/format';
import { formatCostIndex, formatDuration, formatUnits } from './industry-format';
import { INDUSTRY_LIMITS, SCC_SURCHARGE_PERCENT } from './industry-state';

type Prices = Readonly<Record<string, number>>;

interface PriceEditProps {
  readonly typeId: number;
  readonly typeName: string;
  readonly shownPrice: number;
  /** Where the shown price came from: without an order, ESI's average price, else nothing (0). */
  readonly source: IndustryInput['priceSource'];
  readonly customPrices: Prices;
  /** A custom price, or null to return to the market's. */
  readonly onChange: (typeId: number, price: number | null) => void;
}

/** A unit price the user may override; Reset returns to the market's price. */
function PriceEdit({ typeId, typeName, shownPrice, source, customPrices, onChange }: PriceEditProps) {
  const key = String(typeId);
  const custom = customPrices[key];
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <InputNumber<number>
          aria-label={`Unit price of ${typeName}`}
          data-testid={`industry-price-${typeId}`}
          value={custom ?? shownPrice}
          min={INDUSTRY_LIMITS.isk.min}
          max={INDUSTRY_LIMITS.isk.max}
          step={0.01}
          precision={2}
          style={{ width: '100%', minWidth: 120 }}
          onChange={(next) => {
            if (next === null || Number.isNaN(next)) return;
            onChange(typeId, next);
          }}
        />
        <Tooltip title="Back to the market price">
          <Button
            aria-label={`Reset the price of ${typeName}`}
            data-testid={`industry-price-reset-${typeId}`}
            disabled={custom === undefined}
            onClick={() => onChange(typeId, null)}
          >
            Reset
          </Button>
        </Tooltip>
      </Space.Compact>
      {source === 'ESI_AVERAGE' && custom === undefined ? (
        <Typography.Text type="warning" data-testid={`industry-esi-average-${typeId}`}>
          No orders: ESI average price
        </Typography.Text>
      ) : null}
      {source === 'NONE' && custom === undefined ? (
        <Typography.Text type="danger" data-testid={`industry-no-orders-${typeId}`}>
          No orders and no ESI price: enter one
        </Typography.Text>
      ) : null}
    </>
  );
}

const isk = (value: number) => formatIskFull(value);

/** Input Materials (spec §2): quantity, ME waste, unit cost with a custom price, gross and net; then the job cost. */
export function InputMaterialsCard({
  calculation,
  customPrices,
  onCustomPrice,
}: {
  readonly calculation: IndustryCalculation | null;
  readonly customPrices: Prices;
  readonly onCustomPrice: (typeId: number, price: number | null) => void;
}) {
  const columns = [
    { title: 'Item', dataIndex: 'typeName', key: 'item' },
    {
      title: 'Quantity',
      key: 'quantity',
      align: 'right' as const,
      render: (_: unknown, input: IndustryInput) => formatUnits(input.quantity),
    },
    {
      title: 'Waste (ME)',
      key: 'waste',
      align: 'right' as const,
      render: (_: unknown, input: IndustryInput) => formatUnits(input.quantity - input.minQuantity),
    },
    {
      title: 'Unit Cost',
      key: 'unitCost',
      width: 220,
      render: (_: unknown, input: IndustryInput) => (
        <PriceEdit
          typeId={input.typeId}
          typeName={input.typeName}
          shownPrice={input.unitPrice}
          source={input.priceSource}
          customPrices={customPrices}
          onChange={onCustomPrice}
        />
      ),
    },
    {
      title: 'Gross Cost',
      key: 'gross',
      align: 'right' as const,
      render: (_: unknown, input: IndustryInput) => isk(input.grossCost),
    },
    {
      title: 'Net Cost',
      key: 'net',
      align: 'right' as const,
      render: (_: unknown, input: IndustryInput) => isk(input.netCost),
    },
  ];
  const job = calculation?.jobCost;
  return (
    <Card title="Input Materials" data-testid="industry-inputs">
      <Table<IndustryInput>
        size="small"
        rowKey="typeId"
        pagination={false}
        scroll={{ x: true }}
        columns={columns}
        dataSource={calculation?.inputs ?? []}
        onRow={(input) => ({ 'data-testid': `industry-input-${input.typeId}` }) as object}
        locale={{ emptyText: 'Choose a blueprint to see its materials.' }}
      />
      {calculation && job ? (
        <Descriptions
          data-testid="industry-job-cost"
          title="Job installation cost"
          size="small"
          bordered
          column={{ xs: 1, md: 2 }}
          style={{ marginTop: 16 }}
          items={[
            { key: 'eiv', label: 'Estimated item value', children: isk(job.estimatedItemValue) },
            {
              key: 'index',
              label: 'System cost index',
              children: formatCostIndex(calculation.systemCostIndex),
            },
            { key: 'system', label: 'System cost', children: isk(job.systemCost) },
            { key: 'bonuses', label: 'Structure, rig and FW bonuses', children: isk(job.systemCostBonuses) },
            { key: 'tax', label: 'Facility tax', children: isk(job.facilityTax) },
            {
              key: 'scc',
              label: `SCC surcharge (${SCC_SURCHARGE_PERCENT}%)`,
              children: isk(job.sccSurcharge),
            },
            {
              key: 'total',
              label: 'Total job cost',
              children: <span data-testid="industry-job-cost-total">{isk(job.total)}</span>,
            },
            {
              key: 'time',
              label: 'Build time',
              children: (
                <span data-testid="industry-build-time">{formatDuration(calculation.timeSeconds)}</span>
              ),
            },
          ]}
        />
      ) : null}
      {calculation && calculation.unpricedTypeIds.length > 0 ? (
        <Typography.Paragraph type="warning" style={{ marginTop: 8, marginBottom: 0 }}>
          ESI has no adjusted price for {calculation.unpricedTypeIds.length} input(s); the estimated item
          value counts them as 0.
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}

/** Manufacturing or Reaction Output (spec §2): quantity, unit price with a custom override, gross and net sell. */
export function OutputCard({
  calculation,
  isReaction,
  customPrices,
  onCustomPrice,
}: {
  readonly calculation: IndustryCalculation | null;
  readonly isReaction: boolean;
  readonly customPrices: Prices;
  readonly onCustomPrice: (typeId: number, price: number | null) => void;
}) {
  const columns = [
    { title: 'Item', dataIndex: 'typeName', key: 'item' },
    {
      title: 'Quantity',
      key: 'quantity',
      align: 'right' as const,
      render: (_: unknown, output: IndustryOutput) => formatUnits(output.quantity),
    },
    {
      title: 'Unit Price',
      key: 'unitPrice',
      width: 220,
      render: (_: unknown, output: IndustryOutput) => (
        <PriceEdit
          typeId={output.typeId}
          typeName={output.typeName}
          shownPrice={output.unitPrice}
          source={output.priceSource}
          customPrices={customPrices}
          onChange={onCustomPrice}
        />
      ),
    },
    {
      title: 'Gross Sell',
      key: 'gross',
      align: 'right' as const,
      render: (_: unknown, output: IndustryOutput) => isk(output.grossSell),
    },
    {
      title: 'Net Sell',
      key: 'net',
      align: 'right' as const,
      render: (_: unknown, output: IndustryOutput) => isk(output.netSell),
    },
  ];
  return (
    <Card title={isReaction ? 'Reaction Output' : 'Manufacturing Output'} data-testid="industry-outputs">
      <Table<IndustryOutput>
        size="small"
        rowKey="typeId"
        pagination={false}
        scroll={{ x: true }}
        columns={columns}
        dataSource={calculation?.outputs ?? []}
        onRow={(output) => ({ 'data-testid': `industry-output-${output.typeId}` }) as object}
        locale={{ emptyText: 'Nothing yet.' }}
      />
    </Card>
  );
}
