import { Alert, Button, Card, Table, Tag, Typography, theme, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { serverErrorText } from '../../shared/ui/editable-list';
import { useAppraisalHubsMutation, type Appraisal } from './appraisal-api';
import { iskCell } from './appraisal-format';
import {
  hubColumns,
  hubComparisonItems,
  hubComparisonRows,
  type HubColumn,
  type HubComparisonRow,
} from './hub-comparison';

function IskCell({ value }: { readonly value: number | null }) {
  const { text, title } = iskCell(value);
  return <span title={title}>{text}</span>;
}

function HubTitle({ hub }: { readonly hub: HubColumn }) {
  return (
    <span>
      {hub.label}
      {hub.cheapestToBuy ? (
        <Tag color="blue" style={{ marginLeft: 6 }} data-testid={`hub-cheapest-${hub.stationId}`}>
          Cheapest to buy
        </Tag>
      ) : null}
      {hub.bestInstantSale ? (
        <Tag color="green" style={{ marginLeft: 6 }} data-testid={`hub-best-sale-${hub.stationId}`}>
          Best instant sale
        </Tag>
      ) : null}
    </span>
  );
}

/**
 * The five trade hubs side by side (issue #25): each prices the appraisal's items as an appraisal made at that
 * hub's station would, in the appraisal's price mode and percentage; asked for on demand, as it reads five
 * regions' books.
 */
export function HubComparisonCard({ appraisal }: { readonly appraisal: Appraisal }) {
  const { token } = theme.useToken();
  const [compare, { data: comparison, isLoading, error }] = useAppraisalHubsMutation();
  const columns = useMemo(() => (comparison ? hubColumns(comparison) : []), [comparison]);
  const rows = useMemo(
    () => (comparison ? hubComparisonRows(appraisal, comparison) : []),
    [appraisal, comparison],
  );

  const tableColumns: TableColumnsType<HubComparisonRow> = [
    { title: 'Item', key: 'item', fixed: 'left', width: 220, render: (_, row) => row.typeName },
    ...columns.map((hub) => ({
      title: <HubTitle hub={hub} />,
      key: String(hub.stationId),
      children: [
        {
          title: 'Sell',
          key: `${hub.stationId}-sell`,
          align: 'right' as const,
          render: (_: unknown, row: HubComparisonRow) => (
            <IskCell value={row.prices[hub.stationId]?.totalSell ?? null} />
          ),
        },
        {
          title: 'Buy',
          key: `${hub.stationId}-buy`,
          align: 'right' as const,
          render: (_: unknown, row: HubComparisonRow) => (
            <IskCell value={row.prices[hub.stationId]?.totalBuy ?? null} />
          ),
        },
      ],
    })),
  ];

  return (
    <Card
      title="Trade hubs side by side"
      data-testid="appraisal-hubs"
      style={{ marginTop: token.marginLG }}
      extra={
        <Button
          data-testid="appraisal-hubs-compare"
          loading={isLoading}
          onClick={() =>
            void compare({
              body: {
                items: hubComparisonItems(appraisal),
                priceMode: appraisal.priceMode,
                pricePercent: appraisal.pricePercent,
              },
            })
          }
        >
          {comparison ? 'Compare again' : 'Compare the trade hubs'}
        </Button>
      }
    >
      {error ? <Alert type="error" showIcon message={serverErrorText(error)} /> : null}
      {comparison ? (
        <Table<HubComparisonRow>
          size="small"
          rowKey="typeId"
          columns={tableColumns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          summary={() => (
            <Table.Summary.Row data-testid="appraisal-hubs-totals">
              <Table.Summary.Cell index={0}>Total</Table.Summary.Cell>
              {columns.flatMap((hub, index) => [
                <Table.Summary.Cell key={`${hub.stationId}-sell`} index={1 + 2 * index} align="right">
                  <span data-testid={`hub-total-sell-${hub.stationId}`}>
                    <IskCell value={hub.totalSell} />
                    {hub.sellComplete ? '' : ' *'}
                  </span>
                </Table.Summary.Cell>,
                <Table.Summary.Cell key={`${hub.stationId}-buy`} index={2 + 2 * index} align="right">
                  <span data-testid={`hub-total-buy-${hub.stationId}`}>
                    <IskCell value={hub.totalBuy} />
                    {hub.buyComplete ? '' : ' *'}
                  </span>
                </Table.Summary.Cell>,
              ])}
            </Table.Summary.Row>
          )}
        />
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          Price the same items at Jita, Amarr, Dodixie, Rens and Hek: each hub&apos;s sell orders and the buy
          orders reaching its station,{' '}
          {appraisal.pricePercent === 100 ? '' : `at ${appraisal.pricePercent}%, `}in this appraisal&apos;s
          price mode.
        </Typography.Paragraph>
      )}
      {columns.some((hub) => !hub.sellComplete || !hub.buyComplete) ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: token.marginXS, marginBottom: 0 }}>
          * Some items have no price on that side at that hub: its total leaves them out.
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}
