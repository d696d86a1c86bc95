import type { Appraisal, AppraisalItem, PasteReading } from './appraisal-api';
import {
  appraisalChoice,
  chooseRegion,
  chooseStation,
  chooseStructure,
  marketBody,
  pricedWhere,
} from './market-choice';
import { createAppraisalDraftStore, DEFAULT_REGION_ID } from './appraisal-draft';
import { orNotAvailable, unknownItemsNotice, unpricedNote } from './appraisal-format';
import {
  appraisalMethodLabel,
  rowTone,
  sideHasPrice,
  sidesMethodLabel,
} from '../../shared/appraisal-methods';
import {
  creationErrorBanner,
  errorStatus,
  guessKey,
  itemsToAppraise,
  notPricedLines,
  previewText,
} from './appraisal-request';
import { compareBy, ITEM_COLUMNS } from './appraisal-table';
import { MAX_EXPIRY_SECONDS, parseExpiryText } from './expiry-text';
import { formatWait, updatePricesWaitMs, UPDATE_PRICES_AFTER_MS } from './update-prices';

describe("'Expires in': a number followed by a unit", () => {
  it.each([
    ['24h', 86_400],
    ['7d', 604_800],
    ['30m', 1_800],
    [' 2 H ', 7_200],
    ['90s', 90],
    ['1w', 604_800],
    ['90d', MAX_EXPIRY_SECONDS],
  ])('%j is %d seconds', (text, seconds) => {
    expect(parseExpiryText(text)).toBe(seconds);
  });

  it.each(['', '24', 'h', '24 hours', '1.5h', '-1h', '0h', '91d', '24h30m', 'abc'])(
    '%j is not an expiry (the field is marked, no expiry sent)',
    (text) => {
      expect(parseExpiryText(text)).toBeNull();
    },
  );
});

describe('Update prices', () => {
  const created = '2026-11-21T12:00:00.000Z';
  const at = (offset: number) => Date.parse(created) + offset;

  it('waits 5 minutes after creation, then is allowed', () => {
    expect(UPDATE_PRICES_AFTER_MS).toBe(300_000);
    expect(updatePricesWaitMs(created, at(0))).toBe(300_000);
    expect(updatePricesWaitMs(created, at(299_001))).toBe(999);
    expect(updatePricesWaitMs(created, at(300_000))).toBe(0);
    expect(updatePricesWaitMs(created, at(3_600_000))).toBe(0);
  });

  it('shows the time left as m:ss', () => {
    expect(formatWait(300_000)).toBe('5:00');
    expect(formatWait(61_500)).toBe('1:02');
    expect(formatWait(999)).toBe('0:01');
  });
});

describe('appraisal methods', () => {
  it('colours rows without a price in the error colour and blueprints in the research colour', () => {
    expect(rowTone('NONE')).toBe('error');
    expect(rowTone('INSUFFICIENT_DATA')).toBe('error');
    expect(rowTone('BLUEPRINT')).toBe('research');
    expect(rowTone('MARKET_ORDERS')).toBeNull();
    expect(rowTone('ESI_PRICE')).toBeNull();
  });

  it('labels them as the spec does', () => {
    expect(appraisalMethodLabel('NONE')).toBe('Not appraised');
    expect(appraisalMethodLabel('ESI_PRICE')).toBe('ESI Average');
    expect(appraisalMethodLabel('INSUFFICIENT_DATA')).toBe('Not appraised, no orders.');
    expect(appraisalMethodLabel('SINGLE_ITEM_TYPE')).toBe('Single item contract');
  });
});

const reading = (overrides: Partial<PasteReading> = {}): PasteReading => ({
  kind: 'contract',
  kindLabel: 'Contract',
  formats: [
    { format: 'contract', label: 'Contract', lines: 3 },
    { format: 'listing', label: 'List', lines: 1 },
  ],
  items: [
    { typeId: 34, name: 'Tritanium', quantity: 100, formats: ['contract'], lineNumbers: [1], guess: null },
    { typeId: null, name: 'Gizmo', quantity: 2, formats: ['listing'], lineNumbers: [4], guess: null },
  ],
  itemCount: 1,
  unknownCount: 1,
  guessCount: 0,
  unparsed: [{ lineNumber: 5, text: '???', reason: 'unrecognised', message: 'No item.' }],
  lines: [
    { lineNumber: 1, status: 'item' },
    { lineNumber: 4, status: 'unknown' },
    { lineNumber: 5, status: 'unreadable' },
  ],
  lineCounts: { item: 1, guess: 0, unknown: 1, unreadable: 1, skipped: 0 },
  lineCount: 5,
  problem: null,
  ...overrides,
});

describe('where and how the items are priced (issue 25)', () => {
  const forge = {
    regionId: 10000002,
    stationId: null,
    structureId: null,
    priceMode: 'top' as const,
    pricePercent: 100,
  };
  const KEEPSTAR = 1_035_466_617_946;

  it("picks a hub's station with its region, and leaves the hub for another region", () => {
    const amarr = chooseStation(forge, 60008494);
    expect(amarr).toMatchObject({ stationId: 60008494, regionId: 10000043 });
    expect(chooseRegion(amarr, 10000002)).toMatchObject({ stationId: null, regionId: 10000002 });
    expect(chooseRegion(amarr, 10000043)).toMatchObject({ stationId: 60008494 });
    expect(chooseStation(amarr, null)).toMatchObject({ stationId: null, regionId: 10000043 });
  });

  it('picks a public structure instead of a station, and a station or the region leaves the structure', () => {
    const keepstar = chooseStructure(chooseStation(forge, 60003760), KEEPSTAR);
    expect(keepstar).toMatchObject({ stationId: null, structureId: KEEPSTAR });
    expect(marketBody(keepstar)).toEqual({ regionId: 10000002, structureId: KEEPSTAR });
    expect(chooseStation(keepstar, 60008494)).toMatchObject({ stationId: 60008494, structureId: null });
    expect(chooseStation(keepstar, null)).toMatchObject({ stationId: null, structureId: null });
  });

  it("Update prices sends the saved appraisal's structure again", () => {
    const saved = {
      regionId: 10000002,
      stationId: null,
      structureId: KEEPSTAR,
      priceMode: 'split',
      pricePercent: 90,
    } as unknown as Appraisal;
    expect(marketBody(appraisalChoice(saved))).toEqual({
      regionId: 10000002,
      structureId: KEEPSTAR,
      priceMode: 'split',
      pricePercent: 90,
    });
  });

  it('sends only what differs from the defaults', () => {
    expect(marketBody(forge)).toEqual({ regionId: 10000002 });
    expect(marketBody({ ...chooseStation(forge, 60003760), priceMode: 'split', pricePercent: 90 })).toEqual({
      regionId: 10000002,
      stationId: 60003760,
      priceMode: 'split',
      pricePercent: 90,
    });
  });

  it("names the hub's station in 'Appraised using ... prices', with the mode and percentage", () => {
    const base = {
      regionName: 'The Forge',
      stationName: null,
      structureId: null,
      structureName: null,
      priceMode: 'top',
      pricePercent: 100,
    } as unknown as Appraisal;
    expect(pricedWhere(base)).toBe('Appraised using The Forge prices');
    expect(
      pricedWhere({
        ...base,
        stationName: 'Jita IV - Moon 4 - Caldari Navy Assembly Plant',
        priceMode: 'fivePercent',
        pricePercent: 90,
      }),
    ).toBe('Appraised using Jita IV - Moon 4 - Caldari Navy Assembly Plant prices (5% average, 90%)');
    expect(
      pricedWhere({
        ...base,
        structureId: KEEPSTAR,
        structureName: 'Perimeter - Tranquility Trading Tower',
      }),
    ).toBe('Appraised using Perimeter - Tranquility Trading Tower prices');
    expect(pricedWhere({ ...base, structureId: KEEPSTAR, structureName: null })).toBe(
      `Appraised using Structure ${KEEPSTAR} prices`,
    );
  });
});

describe('sides without a price (issue 25)', () => {
  it('says which totals leave rows out, and names both sides when they were priced differently', () => {
    expect(unpricedNote({ unpricedSellRows: 0, unpricedBuyRows: 0 })).toBeNull();
    expect(unpricedNote({ unpricedSellRows: 1, unpricedBuyRows: 2 })).toBe(
      'Total sell leaves out 1 row with no sell price; total buy leaves out 2 rows with no buy price.',
    );
    expect(unpricedNote({ unpricedSellRows: 0, unpricedBuyRows: 1 })).toBe(
      'Total buy leaves out 1 row with no buy price.',
    );
    expect(sidesMethodLabel('INSUFFICIENT_DATA', 'MARKET_ORDERS', 'INSUFFICIENT_DATA')).toBe(
      'Sell: Market orders · Buy: Not appraised, no orders.',
    );
    expect(sidesMethodLabel('MARKET_ORDERS', 'MARKET_ORDERS', 'MARKET_ORDERS')).toBe('Market orders');
    expect(sideHasPrice('INSUFFICIENT_DATA')).toBe(false);
    expect(sideHasPrice('ESI_PRICE')).toBe(true);
  });
});

describe('what the page sends and shows', () => {
  it('sends found items by type id and the others by name (public-tools §5)', () => {
    expect(itemsToAppraise(reading())).toEqual([
      { typeId: 34, quantity: 100 },
      { typeName: 'Gizmo', quantity: 2 },
    ]);
  });

  // Issue 25: a guess is priced only once confirmed; a list line with an unknown name still counts as not found.
  const withGuessAndUnknownLine = reading({
    items: [
      ...reading().items,
      {
        typeId: null,
        name: 'Experimental 10MN Afterburner I',
        quantity: 2,
        formats: ['heuristic'],
        lineNumbers: [2],
        guess: { typeId: 12056, typeName: '10MN Afterburner I' },
      },
    ],
    unparsed: [
      ...reading().unparsed,
      {
        lineNumber: 3,
        text: 'Gizmo Deluxe x 3',
        reason: 'unknown-item',
        message: '"Gizmo Deluxe" is not a known item.',
        name: 'Gizmo Deluxe',
        quantity: 3,
      },
    ],
    unknownCount: 2,
    guessCount: 1,
    lineCounts: { item: 1, guess: 1, unknown: 2, unreadable: 1, skipped: 0 },
  });

  it('sends an unconfirmed guess by its written name, a confirmed one by the guessed type, and unknown list lines by name', () => {
    expect(itemsToAppraise(withGuessAndUnknownLine)).toEqual([
      { typeId: 34, quantity: 100 },
      { typeName: 'Gizmo', quantity: 2 },
      { typeName: 'Experimental 10MN Afterburner I', quantity: 2 },
      { typeName: 'Gizmo Deluxe', quantity: 3 },
    ]);
    const confirmed = new Map([[guessKey('Experimental 10MN Afterburner I'), 12056]]);
    expect(itemsToAppraise(withGuessAndUnknownLine, confirmed)).toContainEqual({
      typeId: 12056,
      quantity: 2,
    });
    // A confirmation for another type than the one guessed is not taken.
    const other = new Map([[guessKey('Experimental 10MN Afterburner I'), 34]]);
    expect(itemsToAppraise(withGuessAndUnknownLine, other)).toContainEqual({
      typeName: 'Experimental 10MN Afterburner I',
      quantity: 2,
    });
  });

  it('lists every line not priced in paste order: unknown names, guesses and unreadable lines', () => {
    expect(notPricedLines(withGuessAndUnknownLine).map((line) => [line.lineNumbers, line.status])).toEqual([
      [[2], 'guess'],
      [[3], 'unknown'],
      [[4], 'unknown'],
      [[5], 'unreadable'],
    ]);
    const confirmed = new Map([[guessKey('Experimental 10MN Afterburner I'), 12056]]);
    expect(notPricedLines(withGuessAndUnknownLine, confirmed)[0]).toMatchObject({
      status: 'confirmed',
      message: 'Priced as 10MN Afterburner I, as you confirmed.',
    });
    expect(previewText(withGuessAndUnknownLine)).toBe(
      '3 items found (Contract, List) · 2 not recognised · 1 guess to confirm · 1 line not read',
    );
  });

  it('previews the number of items and the parsers that matched', () => {
    expect(previewText(reading())).toBe(
      '2 items found (Contract, List) · 1 not recognised · 1 line not read',
    );
    expect(
      previewText(
        reading({
          items: reading().items.slice(0, 1),
          unknownCount: 0,
          unparsed: [],
          lineCounts: { item: 1, guess: 0, unknown: 0, unreadable: 0, skipped: 0 },
        }),
      ),
    ).toBe('1 item found (Contract, List)');
    expect(
      previewText(
        reading({
          items: [],
          formats: [],
          problem: { code: 'nothing-parsed', message: 'No valid lines found.' },
        }),
      ),
    ).toBe('No valid lines found.');
  });

  it('words the creation error banner and the unknown-items notice as the spec does', () => {
    const badRequest = {
      status: 400,
      data: { statusCode: 400, error: 'Bad Request', message: 'items must be a list.' },
    };
    expect(creationErrorBanner(badRequest)).toBe('Error creating appraisal: items must be a list.');
    expect(errorStatus(badRequest)).toBe(400);
    expect(creationErrorBanner({ status: 'TIMEOUT_ERROR', error: 'timeout' })).toBe(
      'Error creating appraisal: Request timed out',
    );
    expect(unknownItemsNotice(3)).toBe("3 item(s) weren't found when creating the appraisal.");
  });

  it("shows 0 as 'n/a' in the market details", () => {
    expect(orNotAvailable(0, String)).toBe('n/a');
    expect(orNotAvailable(12, String)).toBe('12');
  });
});

describe('the items table', () => {
  const item = (
    index: number,
    typeName: string,
    totalSell: number,
    sellNow: number | null,
  ): AppraisalItem => ({
    index,
    typeId: index,
    typeName,
    quantity: 1,
    unitVolume: 1,
    totalVolume: 1,
    sellPrice: totalSell,
    buyPrice: 0,
    totalSell,
    totalBuy: 0,
    iskVolumeSell: null,
    iskVolumeBuy: null,
    appraisalMethod: sellNow === null ? 'ESI_PRICE' : 'MARKET_ORDERS',
    sellMethod: sellNow === null ? 'ESI_PRICE' : 'MARKET_ORDERS',
    buyMethod: sellNow === null ? 'ESI_PRICE' : 'MARKET_ORDERS',
    sellNow:
      sellNow === null
        ? null
        : {
            proceeds: sellNow,
            filledQuantity: 1,
            unfilledQuantity: 0,
            averagePrice: sellNow,
            worstPrice: sellNow,
            ordersFilled: 1,
            slippage: 0,
            slippagePercent: 0,
          },
  });
  const rows = [item(0, 'Rifter', 300, 250), item(1, 'Capsule', 0, null), item(2, 'Dominix', 300, 100)];

  it('has every column of the spec, in order, with Sell Now beside the totals', () => {
    expect(ITEM_COLUMNS.map((column) => column.title)).toEqual([
      'Item',
      'Quantity',
      'Unit Volume',
      'Total Volume',
      'Unit Sell',
      'Unit Buy',
      'Total Sell',
      'Total Buy',
      'Sell Now',
      'ISK per m3 sell',
      'ISK per m3 buy',
      'Appraisal Method',
    ]);
  });

  it('sorts numbers by value (ties in paste order), text by name, missing values first', () => {
    const sorted = (key: string) => {
      const column = ITEM_COLUMNS.find((candidate) => candidate.key === key)!;
      return [...rows].sort(compareBy(column.value)).map((row) => row.typeName);
    };
    expect(sorted('totalSell')).toEqual(['Capsule', 'Rifter', 'Dominix']);
    expect(sorted('item')).toEqual(['Capsule', 'Dominix', 'Rifter']);
    expect(sorted('sellNow')).toEqual(['Capsule', 'Dominix', 'Rifter']);
    expect(sorted('method')).toEqual(['Capsule', 'Rifter', 'Dominix']);
  });
});

describe('the draft outlives the page', () => {
  it('keeps the form, the last result and the banner, and notifies its readers', () => {
    const store = createAppraisalDraftStore<{ id: string }>();
    expect(store.get().draft).toEqual({
      text: '',
      regionId: DEFAULT_REGION_ID,
      stationId: null,
      structureId: null,
      atStructure: false,
      priceMode: 'top',
      pricePercent: 100,
      createLink: true,
      expiresText: '24h',
    });
    store.updateDraft({ text: 'Tritanium 1' });
    store.failed('Error creating appraisal: x');
    expect(store.get()).toMatchObject({
      draft: { text: 'Tritanium 1' },
      banner: 'Error creating appraisal: x',
    });
    store.created({
      temporary: { id: 'temp' },
      id: 'temp',
      numUnknown: 2,
      reading: null,
      confirmed: new Map(),
    });
    expect(store.get()).toMatchObject({ lastCreated: { id: 'temp', numUnknown: 2 }, banner: null });
  });
});
