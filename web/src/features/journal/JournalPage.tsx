import { Alert, Button, Flex, Pagination, Spin, theme } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { useGetAccountQuery } from '../../shared/session';
import { PageContainer } from '../../shared/ui/PageContainer';
import { useJournalEntriesQuery } from './journal-api';
import {
  NO_JOURNAL_FILTERS,
  hasJournalFilter,
  journalEntriesArgs,
  type JournalFilters,
} from './journal-entries';
import { JournalFilterBar } from './JournalFilterBar';
import { JournalTable } from './JournalTable';
import {
  PAGE_SIZE_CHOICES,
  lastPageIndex,
  pageIndexFromShown,
  shownPageNumber,
} from '../../shared/ui/editable-list';
import { JOURNAL_PAGE_SIZE_KEY, useJournalRefreshOnSync, useStoredPageSize } from './use-journal-preferences';

const DESCRIPTION =
  "Every ISK movement in your characters' wallets as ESI reports it, newest first. Parties are named only when they are characters on this account.";

/**
 * /journal: the wallet journal of the account's characters, paged by the server and filtered by reference type
 * and character (account-area §2 Journal, §4 paging, §5). A filter change goes back to the first page; the page
 * size is remembered in local storage; a new sync (the account's lastUpdate) reads the journal again.
 */
export default function JournalPage() {
  const { token } = theme.useToken();
  const { data: account, isLoading: accountLoading } = useGetAccountQuery();
  const [filters, setFilters] = useState<JournalFilters>(NO_JOURNAL_FILTERS);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useStoredPageSize(JOURNAL_PAGE_SIZE_KEY);
  useJournalRefreshOnSync(account?.lastUpdate);

  const { data, isFetching, isError, refetch } = useJournalEntriesQuery(
    account ? journalEntriesArgs(account.id, filters, page, pageSize) : skipToken,
  );
  const total = data?.total ?? 0;

  // Rows can only go away with the account's characters; a page past the end moves back to the last one
  // (state adjusted while rendering, as React recommends over an effect).
  const last = data ? lastPageIndex(data.total, pageSize) : 0;
  if (data && !isFetching && page > last) setPage(last);

  if (!account) {
    return (
      <PageContainer title="Journal">
        {accountLoading ? (
          <Flex justify="center">
            <Spin size="large" />
          </Flex>
        ) : null}
      </PageContainer>
    );
  }

  const changeFilters = (next: JournalFilters) => {
    setFilters(next);
    setPage(0);
  };

  const changePage = (pageNumber: number, size: number) => {
    if (size !== pageSize) {
      setPageSize(size);
      setPage(0);
    } else {
      setPage(pageIndexFromShown(pageNumber));
    }
  };

  return (
    <PageContainer title="Journal" description={DESCRIPTION}>
      <JournalFilterBar filters={filters} characters={account.characters} onChange={changeFilters} />
      {isError ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: token.marginMD }}
          message="The journal could not be loaded."
          action={
            <Button size="small" onClick={() => void refetch()}>
              Retry
            </Button>
          }
        />
      ) : null}
      <JournalTable
        entries={data?.entries ?? []}
        loading={isFetching}
        emptyText={
          hasJournalFilter(filters)
            ? 'No journal entries match the filter.'
            : "No journal entries yet: they appear after your characters' wallets have synced."
        }
      />
      <Flex justify="flex-end" style={{ marginTop: token.marginMD }}>
        <Pagination
          data-testid="journal-pagination"
          current={shownPageNumber(page)}
          pageSize={pageSize}
          total={total}
          pageSizeOptions={PAGE_SIZE_CHOICES.map(String)}
          showSizeChanger
          showTotal={(count, [from, to]) => (count === 0 ? 'No entries' : `${from}-${to} of ${count}`)}
          onChange={changePage}
        />
      </Flex>
    </PageContainer>
  );
}
