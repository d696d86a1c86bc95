import type { TableColumnsType } from 'antd';
import { centsIskText, dateTimeText } from './list-format';

type Column<Row> = TableColumnsType<Row>[number];

/** 'Date': the row's time in UTC, 'YYYY-MM-DD HH:mm', kept on one line. */
export function dateColumn<Row>(dateOf: (row: Row) => string, title = 'Date'): Column<Row> {
  return {
    title,
    key: 'date',
    render: (_, row) => (
      <time dateTime={dateOf(row)} style={{ whiteSpace: 'nowrap' }}>
        {dateTimeText(dateOf(row))}
      </time>
    ),
  };
}

/** A whole number of units, right-aligned with separators. */
export function unitsColumn<Row>(title: string, key: string, unitsOf: (row: Row) => number): Column<Row> {
  return { title, key, align: 'right', render: (_, row) => unitsOf(row).toLocaleString('en-US') };
}

/** An amount in full ISK (cents in), right-aligned on one line. */
export function iskColumn<Row>(title: string, key: string, centsOf: (row: Row) => number): Column<Row> {
  return {
    title,
    key,
    align: 'right',
    render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{centsIskText(centsOf(row))}</span>,
  };
}
