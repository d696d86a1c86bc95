import { skipToken } from '@reduxjs/toolkit/query/react';
import { Alert, Button, Descriptions, Flex, Modal, Spin, Table, Tag, type TableColumnsType } from 'antd';
import type { ContractDetail } from '../../shared/api';
import { centsIskText, dateTimeText, serverErrorText, toCents } from '../../shared/ui/editable-list';
import { CONTRACT_STATUS_LABELS, CONTRACT_TYPE_LABELS } from './bought-contract-items';
import { useContractQuery } from './contracts-api';

type ContractItem = ContractDetail['items'][number];

const ITEM_COLUMNS: TableColumnsType<ContractItem> = [
  {
    title: 'Item',
    key: 'item',
    dataIndex: 'typeName',
    sorter: (a, b) => a.typeName.localeCompare(b.typeName),
    render: (_, item) => (
      <>
        {item.typeName}
        {item.isIncluded ? null : (
          <Tag color="warning" style={{ marginInlineStart: 8 }} data-testid="contract-item-asked">
            Asked for by the issuer
          </Tag>
        )}
      </>
    ),
  },
  {
    title: 'Quantity',
    key: 'quantity',
    dataIndex: 'quantity',
    align: 'right',
    sorter: (a, b) => a.quantity - b.quantity,
    render: (_, item) => item.quantity.toLocaleString('en-US'),
  },
];

function ContractInfo({ contract }: { readonly contract: ContractDetail }) {
  const items = [
    { key: 'info', label: 'Info by Issuer', children: contract.title?.trim() || '--' },
    { key: 'type', label: 'Type', children: CONTRACT_TYPE_LABELS[contract.type] },
    { key: 'issuer', label: 'Issued By', children: contract.issuerName ?? '--' },
    ...(contract.issuerCorporationName
      ? [{ key: 'corp', label: "Issuer's Corp", children: contract.issuerCorporationName }]
      : []),
    { key: 'acceptor', label: 'Accepted By', children: contract.acceptorName ?? '--' },
    { key: 'status', label: 'Status', children: CONTRACT_STATUS_LABELS[contract.status] },
    { key: 'issued', label: 'Date Issued', children: dateTimeText(contract.dateIssued) },
    {
      key: 'completed',
      label: 'Date Completed',
      children: contract.dateCompleted ? dateTimeText(contract.dateCompleted) : '--',
    },
    {
      key: 'cost',
      label: 'Cost',
      children: contract.price === null ? '--' : `${centsIskText(toCents(contract.price))} ISK`,
    },
  ];
  return (
    <Flex vertical gap={16}>
      <Descriptions
        data-testid="contract-info"
        size="small"
        column={1}
        bordered
        items={items.map((item) => ({
          ...item,
          children: <span data-field={item.key}>{item.children}</span>,
        }))}
      />
      <Table<ContractItem>
        data-testid="contract-dialog-items"
        rowKey="id"
        size="small"
        pagination={false}
        columns={ITEM_COLUMNS}
        dataSource={contract.items}
        locale={{ emptyText: 'No items' }}
        showSorterTooltip={false}
      />
    </Flex>
  );
}

/** View Contract (account-area §2 Contracts, §3 Contract detail): the contract's info and its sortable items. */
export function ContractDialog({
  accountId,
  contractId,
  onClose,
}: {
  readonly accountId: string;
  readonly contractId: number | null;
  readonly onClose: () => void;
}) {
  const { data, isFetching, isError, error, refetch } = useContractQuery(
    contractId === null ? skipToken : { account: accountId, contractId },
  );
  const shown = data && data.contractId === contractId ? data : null;
  return (
    <Modal
      open={contractId !== null}
      title={contractId === null ? 'Contract' : `Contract ${contractId}`}
      onCancel={onClose}
      width={640}
      data-testid="contract-dialog"
      footer={[
        <Button key="close" type="primary" onClick={onClose}>
          Close
        </Button>,
      ]}
    >
      {isError ? (
        <Alert
          type="error"
          showIcon
          message={`The contract could not be loaded: ${serverErrorText(error)}`}
          action={
            <Button size="small" onClick={() => void refetch()}>
              Retry
            </Button>
          }
        />
      ) : shown ? (
        <ContractInfo contract={shown} />
      ) : (
        <Flex justify="center">{isFetching ? <Spin /> : null}</Flex>
      )}
    </Modal>
  );
}
