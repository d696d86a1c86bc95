import {
  NO_MANUFACTURING_PROFITS,
  NO_TRADE_PROFITS,
  itemFilterText,
  overviewCalls,
  tradePanelLines,
} from './overview-filters';

const NOW = Date.UTC(2026, 10, 21, 12, 34, 56);
const HOUR = 3_600_000;

describe('the Overview calls', () => {
  it('ask for the last 30 days of every character by default', () => {
    const calls = overviewCalls(
      'acc-1',
      { characterId: null, item: '', timeRange: 'last30Days', owner: 'all' },
      NOW,
    );
    const startTime = Date.UTC(2026, 9, 22, 12, 34);
    expect(calls.daily).toEqual({ account: 'acc-1', startTime });
    expect(calls.stats).toEqual({ account: 'acc-1', startTime });
    expect(calls.brokerFees).toEqual({ account: 'acc-1', startTime });
    expect(calls.items).toEqual({ account: 'acc-1', timeRangeHours: 720 });
    expect(calls.manufacturingItems).toEqual(calls.items);
    expect(calls.hourly).toEqual({ account: 'acc-1', startTime: Date.UTC(2026, 10, 19, 13) });
  });

  it('send the character and the item filter; the broker fee chart takes no item filter', () => {
    const calls = overviewCalls(
      'acc-1',
      { characterId: 2119000011, item: 'Tritanium', timeRange: 'lastDay', owner: 'all' },
      NOW,
    );
    const startTime = Date.UTC(2026, 10, 20, 12, 34);
    const filtered = { filter: 'Tritanium', characterId: 2119000011 };
    expect(calls.daily).toEqual({ account: 'acc-1', startTime, ...filtered });
    expect(calls.stats).toEqual({ account: 'acc-1', startTime, ...filtered });
    expect(calls.items).toEqual({ account: 'acc-1', timeRangeHours: 24, ...filtered });
    expect(calls.manufacturingItems).toEqual({ account: 'acc-1', timeRangeHours: 24, ...filtered });
    expect(calls.hourly).toMatchObject(filtered);
    expect(calls.brokerFees).toEqual({ account: 'acc-1', startTime, characterId: 2119000011 });
  });

  it('leave out startTime and timeRangeHours for All Time, but keep the 48 hours of the hourly chart', () => {
    const calls = overviewCalls(
      'acc-1',
      { characterId: null, item: '', timeRange: 'all', owner: 'all' },
      NOW,
    );
    expect(calls.daily).toEqual({ account: 'acc-1' });
    expect(calls.items).toEqual({ account: 'acc-1' });
    expect(calls.manufacturingItems).toEqual({ account: 'acc-1' });
    expect(calls.stats).toEqual({ account: 'acc-1' });
    expect(calls.brokerFees).toEqual({ account: 'acc-1' });
    expect(Number(calls.hourly.startTime)).toBe(Date.UTC(2026, 10, 21, 12) - 47 * HOUR);
  });

  it('send the chosen owner to every ledger figure: charts, per-item tables, trade panel and broker fees', () => {
    const calls = overviewCalls(
      'acc-1',
      { characterId: null, item: '', timeRange: 'last7Days', owner: 'division:2' },
      NOW,
    );
    const owner = { ownerFilter: 'corporation', division: 2 };
    for (const call of Object.values(calls)) expect(call).toMatchObject(owner);
    expect(calls.items).toEqual({ account: 'acc-1', timeRangeHours: 168, ...owner });
  });

  it('trim the item filter', () => {
    expect(itemFilterText('  Tritanium ')).toBe('Tritanium');
    expect(itemFilterText('   ')).toBe('');
  });
});

describe('the rolling trade panel', () => {
  const stats = {
    sellIsk: 1_234_567.89,
    buyIsk: 1_000_000,
    totalTax: 45_678.9,
    totalBroker: 12_345.67,
    unfilledBroker: 2_345.6,
    numBuys: 12,
    numSells: 7,
  };

  it('shows income, purchases, tax, fees and the counts', () => {
    expect(tradePanelLines(stats, false).map((line) => [line.label, line.value])).toEqual([
      ['Trade income', '1,234,567.89 ISK'],
      ['Purchases', '1,000,000.00 ISK'],
      ['Sales tax', '45,678.90 ISK'],
      ['Broker fees', '12,345.67 ISK'],
      ['Unfilled order fees', '2,345.60 ISK'],
      ['Buy transactions', '12'],
      ['Sell transactions', '7'],
    ]);
  });

  it("shows '--' for tax and fees when an item filter is set", () => {
    const lines = Object.fromEntries(tradePanelLines(stats, true).map((line) => [line.key, line.value]));
    expect(lines).toEqual({
      sellIsk: '1,234,567.89 ISK',
      buyIsk: '1,000,000.00 ISK',
      totalTax: '--',
      totalBroker: '--',
      unfilledBroker: '--',
      numBuys: '12',
      numSells: '7',
    });
  });
});

describe('the per-item tables', () => {
  it('say so word for word when empty', () => {
    expect(NO_TRADE_PROFITS).toBe(
      'There were no trade profits for this character during the selected time period',
    );
    expect(NO_MANUFACTURING_PROFITS).toBe(
      'There were no manufacturing profits for this character during the selected time period',
    );
  });
});
