import { Alert, Flex, Input, Select, Spin, Switch, Typography, message, theme } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { selectUiRateLimited } from '../../shared/api';
import { failureText } from '../../shared/api/error-text';
import { STORAGE_KEYS } from '../../shared/config/constants';
import { useDebouncedValue } from '../../shared/hooks/debounce';
import { useGetAccountQuery, type Account } from '../../shared/session';
import { readStored, writeStored } from '../../shared/storage/local-storage';
import { copyToClipboard } from '../../shared/ui/editable-list/clipboard';
import { PageContainer } from '../../shared/ui/PageContainer';
import { SubscriptionOnlyDialog } from '../../shared/ui/SubscriptionOnlyDialog';
import {
  hasStructureOrders,
  matchesItemName,
  movedSelection,
  nextOrderOfAnotherItem,
  orderRows,
  priceBook,
  readUndercutSettings,
  splitBySide,
  storeUndercutSettings,
  type UndercutSettings,
} from './market-orders';
import {
  useCharacterMarketOrdersQuery,
  useCharacterOpenMarketDetailsMutation,
  useCharacterSimilarOrdersQuery,
  useCharacterSimilarPrivateOrdersQuery,
  useCharacterUpdateMarketOrdersMutation,
} from './market-orders-api';
import { OrdersTable } from './OrdersTable';
import { RefreshButtons } from './RefreshButtons';
import { undercutPrice } from './rules/undercut-price';
import { priceFieldText } from './rules/valid-price';
import { UndercutSettingsPanel } from './UndercutSettingsPanel';
import { titleWithUndercuts } from './undercut-watch';
import { useUndercutNotifications } from './use-undercut-notifications';

const TITLE = 'Market Orders';
/** account-area §9: the market orders item filter waits 1 ms, not the autocomplete's 200 ms. */
const ITEM_FILTER_DEBOUNCE_MS = 1;
const OPEN_WINDOW_SCOPE = 'esi-ui.open_window.v1';

const DESCRIPTION =
  'Your open orders with their price status. Select an order and press Shift+C: the price that puts it ahead goes to the clipboard and the item opens in game; the selection moves to the next item.';

function storedCharacter(account: Account): number {
  const stored = Number(readStored(STORAGE_KEYS.marketOrdersCharacter));
  if (account.characters.some((character) => character.id === stored)) return stored;
  return account.characters.some((character) => character.id === account.loginCharacterId)
    ? account.loginCharacterId
    : (account.characters[0]?.id ?? account.loginCharacterId);
}

/** The time the statuses are decided at: moved on when a region's book expires, not every second. */
function useExpiryClock(expiries: readonly string[]): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const next = Math.min(...expiries.map(Date.parse).filter((at) => at > now));
    if (!Number.isFinite(next)) return;
    const timer = setTimeout(() => setNow(Date.now()), next - Date.now() + 50);
    return () => clearTimeout(timer);
  }, [expiries, now]);
  return now;
}

const typingInField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

function MarketOrdersContent({ account }: { readonly account: Account }) {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [messages, feedback] = message.useMessage();
  const [characterId, setCharacterId] = useState(() => storedCharacter(account));
  const [settings, setSettings] = useState(readUndercutSettings);
  const [showEmptyLists, setShowEmptyLists] = useState(
    () => readStored(STORAGE_KEYS.marketOrdersShowEmptyLists) !== 'false',
  );
  const [itemInput, setItemInput] = useState('');
  const itemFilter = useDebouncedValue(itemInput, ITEM_FILTER_DEBOUNCE_MS);
  const [selectedOrderId, setSelectedOrderId] = useState<number | null>(null);
  const [subscriberOnlyOpen, setSubscriberOnlyOpen] = useState(false);
  const [privateRequested, setPrivateRequested] = useState(false);
  const rateLimited = useSelector(selectUiRateLimited);
  const subscriber = account.subscriptionTier !== 'FREE';
  const character = account.characters.find((candidate) => candidate.id === characterId) ?? null;

  const orders = useCharacterMarketOrdersQuery({ id: characterId }, { refetchOnMountOrArgChange: true });
  const ownOrders = useMemo(() => orders.data?.data ?? [], [orders.data]);
  // Private books are read at once for a subscriber with orders in structures, where the public book is blind.
  const privateWanted = privateRequested || hasStructureOrders(ownOrders);
  const similar = useCharacterSimilarOrdersQuery({ id: characterId }, { skip: !orders.data });
  const similarPrivate = useCharacterSimilarPrivateOrdersQuery(
    { id: characterId },
    { skip: !subscriber || !privateWanted || !orders.data },
  );
  const [updateOrders, ordersUpdate] = useCharacterUpdateMarketOrdersMutation();
  const [openMarketDetails, openWindow] = useCharacterOpenMarketDetailsMutation();

  const book = useMemo(
    () => priceBook(ownOrders, similar.data, similarPrivate.data),
    [ownOrders, similar.data, similarPrivate.data],
  );
  const expiries = useMemo(
    () => similar.data?.regionMetadata.map((region) => region.expires) ?? [],
    [similar.data],
  );
  const statusTime = useExpiryClock(expiries);
  const rows = useMemo(
    () => orderRows(ownOrders, book, settings, statusTime),
    [ownOrders, book, settings, statusTime],
  );
  const { sells, buys } = useMemo(
    () => splitBySide(rows.filter((row) => matchesItemName(row.order, itemFilter))),
    [rows, itemFilter],
  );
  const visibleRows = useMemo(() => [...sells, ...buys], [sells, buys]);
  const undercutCount = rows.filter((row) => row.status === 'UNDERCUT').length;
  const readsKey = `${orders.fulfilledTimeStamp}:${similar.fulfilledTimeStamp}:${similarPrivate.fulfilledTimeStamp}`;
  const notifications = useUndercutNotifications(rows, readsKey);

  // While notifications are on, prices are read again as soon as they may be, so an undercut is noticed.
  const similarExpires = similar.data?.expires;
  const refetchPrices = similar.refetch;
  useEffect(() => {
    if (!notifications.enabled || !similarExpires || similar.isUninitialized) return;
    const timer = setTimeout(
      () => void refetchPrices(),
      Math.max(0, Date.parse(similarExpires) - Date.now()) + 1000,
    );
    return () => clearTimeout(timer);
  }, [notifications.enabled, similarExpires, refetchPrices, similar.isUninitialized]);

  const changeSettings = (next: UndercutSettings) => {
    setSettings(next);
    storeUndercutSettings(next);
  };
  const chooseCharacter = (id: number) => {
    writeStored(STORAGE_KEYS.marketOrdersCharacter, String(id));
    setCharacterId(id);
    setSelectedOrderId(null);
  };

  const refreshOrders = () => {
    updateOrders({ id: characterId })
      .unwrap()
      .then(
        () => {
          if (!similar.isUninitialized) void similar.refetch();
        },
        (error: unknown) => void messages.error(failureText(error)),
      );
  };
  const refreshPrivatePrices = () => {
    if (!subscriber) {
      setSubscriberOnlyOpen(true);
      return;
    }
    if (!privateWanted) setPrivateRequested(true);
    else void similarPrivate.refetch();
  };

  const copyUndercutPrice = useCallback(() => {
    const row = visibleRows.find((candidate) => candidate.order.orderId === selectedOrderId);
    if (!row) return;
    const price = undercutPrice({
      order: row.order,
      competitor: row.similarOrder,
      ownOrders,
      settings,
      random: Math.random,
    });
    if (price === null) {
      void messages.warning(
        `No price puts ${row.order.typeName} ahead without reaching your own orders on the other side.`,
      );
      return;
    }
    const text = priceFieldText(price);
    void copyToClipboard(text).then(() => messages.success(`Copied ${text} for ${row.order.typeName}.`));
    if (!character?.esiScopes.split(/[\s,]+/).includes(OPEN_WINDOW_SCOPE)) {
      void messages.info('Re-add the character on the Account page to open the market window in game.');
    } else if (!openWindow.isLoading && !rateLimited) {
      openMarketDetails({ id: characterId, typeId: row.order.typeId })
        .unwrap()
        .catch((error: unknown) => {
          // A 420 has its own dialog ('Too fast!').
          if ((error as { status?: unknown } | null)?.status !== 420) void messages.error(failureText(error));
        });
    }
    setSelectedOrderId(
      nextOrderOfAnotherItem(
        visibleRows.map((visible) => visible.order),
        row.order.orderId,
      ),
    );
  }, [
    visibleRows,
    selectedOrderId,
    ownOrders,
    settings,
    messages,
    character,
    openWindow.isLoading,
    rateLimited,
    openMarketDetails,
    characterId,
  ]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (typingInField(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.shiftKey && event.code === 'KeyC') {
        event.preventDefault();
        copyUndercutPrice();
      } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const visible = visibleRows.map((row) => row.order);
        setSelectedOrderId((selected) =>
          movedSelection(visible, selected, event.key === 'ArrowDown' ? 1 : -1),
        );
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [copyUndercutPrice, visibleRows]);

  const loadFailure = orders.error ?? similar.error;

  return (
    <PageContainer
      title={TITLE}
      documentTitle={titleWithUndercuts(TITLE, undercutCount)}
      description={DESCRIPTION}
    >
      {feedback}
      <Flex vertical gap={token.margin} style={{ marginBottom: token.marginLG }}>
        <Flex gap={token.margin} wrap align="flex-start">
          <Select
            data-testid="orders-character"
            aria-label="Character"
            value={characterId}
            style={{ minWidth: 220 }}
            options={account.characters.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
            onChange={chooseCharacter}
          />
          <RefreshButtons
            actions={[
              {
                label: 'Refresh Orders',
                expires: orders.data?.expires,
                running: ordersUpdate.isLoading,
                onClick: refreshOrders,
              },
              {
                label: 'Refresh Prices',
                expires: similar.data?.expires,
                running: similar.isFetching,
                onClick: () => void similar.refetch(),
              },
              {
                label: 'Refresh Private Prices',
                expires: subscriber ? similarPrivate.data?.expires : null,
                running: similarPrivate.isFetching,
                onClick: refreshPrivatePrices,
              },
            ]}
          />
        </Flex>
        <UndercutSettingsPanel
          settings={settings}
          onChange={changeSettings}
          showEmptyLists={showEmptyLists}
          onShowEmptyListsChange={(show) => {
            setShowEmptyLists(show);
            writeStored(STORAGE_KEYS.marketOrdersShowEmptyLists, String(show));
          }}
        />
        <Flex gap={token.margin} wrap align="center">
          <Input
            data-testid="orders-item-filter"
            aria-label="Item name"
            placeholder="Filter by item name"
            allowClear
            value={itemInput}
            onChange={(event) => setItemInput(event.target.value)}
            style={{ maxWidth: 320 }}
          />
          <Flex gap={token.marginXS} align="center">
            <Switch
              data-testid="notify-undercut"
              aria-label="Notify me when undercut"
              checked={notifications.enabled}
              onChange={notifications.setEnabled}
            />
            <Typography.Text>Notify me when undercut</Typography.Text>
            {notifications.blocked ? (
              <Typography.Text type="warning">(notifications are blocked in this browser)</Typography.Text>
            ) : null}
          </Flex>
        </Flex>
      </Flex>
      {loadFailure ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: token.marginMD }}
          message={failureText(loadFailure)}
        />
      ) : null}
      {similarPrivate.error ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: token.marginMD }}
          message={`Private prices: ${failureText(similarPrivate.error)}`}
        />
      ) : null}
      {[
        { side: 'sell' as const, rows: sells },
        { side: 'buy' as const, rows: buys },
      ]
        .filter((table) => showEmptyLists || table.rows.length > 0)
        .map((table) => (
          <OrdersTable
            key={table.side}
            side={table.side}
            rows={table.rows}
            loading={orders.isFetching}
            selectedOrderId={selectedOrderId}
            onSelect={setSelectedOrderId}
          />
        ))}
      <SubscriptionOnlyDialog
        open={subscriberOnlyOpen}
        title="Subscriber-only feature"
        testId="subscriber-only-dialog"
        onClose={() => setSubscriberOnlyOpen(false)}
        onGoToSubscriptions={() => {
          setSubscriberOnlyOpen(false);
          void navigate('/subscription');
        }}
      >
        Prices on private structure markets come with the Supporter and Pro subscriptions.
      </SubscriptionOnlyDialog>
    </PageContainer>
  );
}

/** /orders: Market Orders (account-area §2). */
export default function MarketOrdersPage() {
  const { data: account, isLoading } = useGetAccountQuery();
  if (account) return <MarketOrdersContent account={account} />;
  return (
    <PageContainer title={TITLE} description={DESCRIPTION}>
      {isLoading ? (
        <Flex justify="center">
          <Spin size="large" />
        </Flex>
      ) : null}
    </PageContainer>
  );
}
