/**
 * `npm run bench -- appraisal [--runs N]`: the appraisal numbers of docs/PERFORMANCE.md. The product runs in this
 * process as `npm start` runs it (real static data, the mounted ESI simulator, the market data service's order book
 * cache, the embedded read store); the paste goes through `AppraisalService.create`, what POST
 * /api/v1/market/appraisals calls, and once more over HTTP. Per parser: the paste corpus's texts of each format,
 * parsed with the product's name resolver.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parsePaste } from '../../services/market/src/appraisal/parse';
import { AppraisalCatalog } from '../../services/market/src/appraisal/pricing/appraisal-catalog';
import { AppraisalService } from '../../services/market/src/appraisal/http/appraisal.service';
import type { AppraisalCreatedDto } from '../../services/market/src/appraisal/http/appraisal.dto';
import { readAppraisalCreateBody } from '../../services/market/src/appraisal/http/appraisal-request';
import { STATIC_DATA, type StaticData } from '@tradewise/market';
import { startServer } from '../../services/server/src/bootstrap';
import { freePort } from '../support/server-process';
import type { Bench, BenchRow } from './bench';
import { numberOption } from './support/bench-args';
import { median } from './support/samples';

const CORPUS_DIR = resolve(__dirname, '../../services/market/src/appraisal/parse/corpus');
const PASTE_LINES = 10_000;
const DISTINCT_TYPES = 2_500;
const TARGET_MS = 300;
const PER_FORMAT_LINES = 20_000;

/** A small deterministic generator, so every run appraises the same paste. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** `corpus/<format>/*.txt`, by format. */
function corpusTexts(): Map<string, string[]> {
  const byFormat = new Map<string, string[]>();
  for (const entry of readdirSync(CORPUS_DIR, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const folder = join(CORPUS_DIR, entry.name);
    const texts = readdirSync(folder)
      .filter((file) => file.endsWith('.txt'))
      .sort()
      .map((file) => readFileSync(join(folder, file), 'utf8'));
    if (texts.length > 0) byFormat.set(entry.name, texts);
  }
  return byFormat;
}

function marketTypeNames(staticData: StaticData): string[] {
  const names: string[] = [];
  const walk = (groups: ReturnType<StaticData['marketGroupTree']>): void => {
    for (const group of groups) {
      for (const type of staticData.marketGroupTypes(group.marketGroupID) ?? []) names.push(type.typeName);
      walk(group.children);
    }
  };
  walk(staticData.marketGroupTree());
  return names;
}

/**
 * 10,000 lines as a big paste looks: three quarters hangar and contract rows (tab-separated, thousands separators)
 * over 2,500 market types, the rest every corpus text (fits, killmails, scans, ledgers, lists) one after another.
 */
function realisticPaste(staticData: StaticData, corpus: Map<string, string[]>): string {
  const next = random(20261122);
  const all = marketTypeNames(staticData);
  const names = Array.from({ length: DISTINCT_TYPES }, () => all[Math.floor(next() * all.length)]!);
  const corpusLines = [...corpus.values()].flat().join('\n\n').split('\n');
  const lines: string[] = [];
  let corpusAt = 0;
  while (lines.length < PASTE_LINES) {
    for (let row = 0; row < 10; row++) lines.push(corpusLines[corpusAt++ % corpusLines.length]!);
    for (let row = 0; row < 30; row++) {
      const name = names[Math.floor(next() * names.length)]!;
      const quantity = Math.floor(next() * 2_000_000) + 1;
      lines.push(
        next() < 0.5
          ? `${name}\t${quantity.toLocaleString('en')}\tGroup\tCategory\t\t\t${(quantity / 100).toFixed(2)} m3`
          : `${name}\t${quantity.toLocaleString('de')}\tGroup\t\t72% damaged`,
      );
    }
  }
  return lines.slice(0, PASTE_LINES).join('\n');
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

const bench: Bench = async (args) => {
  const runs = numberOption(args, 'runs', 5);
  const dataDir = mkdtempSync(join(tmpdir(), 'tw-bench-appraisal-'));
  const server = await startServer({
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'silent' },
  });
  try {
    const staticData = server.app.get<StaticData>(STATIC_DATA, { strict: false });
    const appraisals = server.app.get(AppraisalService, { strict: false });
    const catalog = server.app.get(AppraisalCatalog, { strict: false });
    const corpus = corpusTexts();
    const text = realisticPaste(staticData, corpus);
    const rows: BenchRow[] = [];
    const create = () =>
      appraisals.create(
        readAppraisalCreateBody({ regionId: 10000002, expirySeconds: 86_400, createLink: true, text }),
        null,
      );

    let started = performance.now();
    const first: AppraisalCreatedDto = await create();
    const coldMs = performance.now() - started;
    const { appraisal, paste } = first;
    rows.push({
      metric: 'paste: lines / unparsed lines / items found / rows / parsers',
      value: `${paste!.lineCount} / ${paste!.unparsed.length} / ${paste!.items.length} / ${appraisal.itemCount} / ${paste!.formats.length}`,
    });
    rows.push({
      metric: 'rows priced from orders / ESI average / no data / blueprint / none',
      value: ['MARKET_ORDERS', 'ESI_PRICE', 'INSUFFICIENT_DATA', 'BLUEPRINT', 'NONE']
        .map((method) => appraisal.items.filter((item) => item.appraisalMethod === method).length)
        .join(' / '),
    });
    rows.push({ metric: 'first appraisal: order books fetched from ESI (simulator)', value: ms(coldMs) });

    const warm: number[] = [];
    const parseOnly: number[] = [];
    for (let run = 0; run < runs; run++) {
      started = performance.now();
      parsePaste(text, catalog.resolveTypeName);
      parseOnly.push(performance.now() - started);
      started = performance.now();
      await create();
      warm.push(performance.now() - started);
    }
    rows.push({ metric: '10,000-line paste: parse only (median)', value: ms(median(parseOnly)) });
    rows.push({
      metric: '10,000-line paste: parse, price, save (median, books cached)',
      value: ms(median(warm)),
      target: `<= ${TARGET_MS} ms`,
      ok: median(warm) <= TARGET_MS,
    });
    rows.push({ metric: '  same, worst run', value: ms(Math.max(...warm)) });

    const http: number[] = [];
    for (let run = 0; run < runs; run++) {
      started = performance.now();
      const response = await fetch(`${server.url}/api/v1/market/appraisals`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      });
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`POST answered ${response.status}`);
      http.push(performance.now() - started);
    }
    rows.push({ metric: '  same over HTTP, JSON both ways (median)', value: ms(median(http)) });

    for (const [format, texts] of corpus) {
      const lineCounts = texts.map((sample) => sample.split('\n').length);
      let lines = 0;
      started = performance.now();
      for (let index = 0; lines < PER_FORMAT_LINES; index = (index + 1) % texts.length) {
        parsePaste(texts[index]!, catalog.resolveTypeName);
        lines += lineCounts[index]!;
      }
      const seconds = (performance.now() - started) / 1000;
      rows.push({
        metric: `parser ${format} (${texts.length} corpus texts)`,
        value: `${Math.round(lines / seconds).toLocaleString('en')} lines/s`,
      });
    }
    return rows;
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

export default bench;
