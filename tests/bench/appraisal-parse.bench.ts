/**
 * `npm run bench -- appraisal-parse [--runs N]`: the paste parser alone, lines per second per format. For every
 * folder of the paste corpus (services/market/src/appraisal/parse/corpus) it builds a 10,000-line paste by repeating
 * that folder's pastes, then times `parsePaste` over it with the corpus's name resolver (an in-memory map, so the
 * figures are the parser's own; `npm run bench -- appraisal` measures parse and price through the real catalog).
 * Each figure is the median of `--runs` timed parses after two warm-up parses, with the fastest beside it: on a
 * machine other work shares, the fastest run is the closer to what the parser costs.
 */
import { MAX_PASTE_BYTES, parsePaste, type PasteFormat } from '../../services/market/src/appraisal/parse';
import {
  corpusTypeNames,
  readCorpus,
  type CorpusCase,
} from '../../services/market/src/appraisal/parse/paste-corpus.fixture';
import type { Bench, BenchRow } from './bench';
import { numberOption } from './support/bench-args';
import { median } from './support/samples';

const LINES = 10_000;
/** 10,000 wallet rows are more than the API's 1 MB; the parser is timed on them anyway. */
const OPTIONS = { maxBytes: 10 * MAX_PASTE_BYTES };
/** The bound for parsing and pricing 10,000 lines; parsing alone must leave most of it to pricing. */
const TARGET_MS = 300;

/** The pastes repeated whole (killmails and fits keep their headers) until there are `LINES` lines. */
function tenThousandLines(pastes: readonly CorpusCase[]): string {
  const lines: string[] = [];
  for (let index = 0; lines.length < LINES; index++) {
    const paste = pastes[index % pastes.length]!.text.replace(/\n$/, '').split('\n');
    lines.push(...paste.slice(0, LINES - lines.length));
  }
  return lines.join('\n');
}

function perSecond(ms: number): string {
  return Math.round((LINES / ms) * 1000).toLocaleString('en-US');
}

const appraisalParseBench: Bench = async (args) => {
  const runs = Math.max(1, numberOption(args, 'runs', 7));
  const resolve = corpusTypeNames();
  const corpus = readCorpus();
  const folders = [...new Set(corpus.map((paste) => paste.format))];
  const rows: BenchRow[] = [];
  for (const folder of folders) {
    const text = tenThousandLines(corpus.filter((paste) => paste.format === folder));
    parsePaste(text, resolve, OPTIONS);
    parsePaste(text, resolve, OPTIONS);
    const times: number[] = [];
    let result = parsePaste(text, resolve, OPTIONS);
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      result = parsePaste(text, resolve, OPTIONS);
      times.push(performance.now() - started);
    }
    const ms = median(times);
    const fastest = Math.min(...times);
    const byFormat = new Map(result.formats.map((usage) => [usage.format as string, usage.lines]));
    const ownLines = byFormat.get(folder as PasteFormat) ?? 0;
    const share = folder === 'mixed' ? '' : `; ${ownLines.toLocaleString('en-US')} read as ${folder}`;
    const bytes = Buffer.byteLength(text, 'utf8');
    const size = bytes > MAX_PASTE_BYTES ? `; ${(bytes / 1e6).toFixed(1)} MB, over the API's limit` : '';
    rows.push({
      metric: `${folder}: 10,000 lines`,
      value: `${ms.toFixed(1)} ms (fastest ${fastest.toFixed(1)}), ${perSecond(ms)} lines/s${share}${size}`,
      target: `<= ${TARGET_MS} ms`,
      ok: ms <= TARGET_MS && result.problem === null,
    });
  }
  return rows;
};

export default appraisalParseBench;
