import type { LoadResult } from './load.js'

export type Auth = 'anonymous' | 'editor'

/**
 * One measured route in one auth mode: our server, the floor replaying its bytes, and Payload's REST where
 * comparable.
 */
export type Row = {
  route: string
  path: string
  auth: Auth
  bytes: number
  /** One request at a time: the median of three. */
  aloneMs: number
  /** `seconds`: how long the route was loaded (slow routes longer than `--duration`). */
  ours: LoadResult & { peakRssMiB: number; seconds: number }
  floor: LoadResult
  payload?: LoadResult & { path: string; bytes: number }
}

const COLUMNS = [
  'route',
  'auth',
  'alone ms',
  'req/s',
  'p50 ms',
  'p99 ms',
  'bytes',
  'RSS MiB',
  'Payload req/s',
  'ours/Payload',
  'floor req/s',
  'ours/floor',
]
/** Route and auth; the rest are figures. */
const TEXT_COLUMNS = 2

export const number = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })

/** Two significant digits, never in exponent form (`0.42 %`, `54 %`, `110 %`). */
const percent = (value: number) => `${value >= 10 ? number(value) : value.toPrecision(2)} %`

function cells(row: Row): string[] {
  const rate = row.ours.requestsPerSecond
  return [
    row.route + (row.ours.failures ? ` (${row.ours.failures} failed)` : ''),
    row.auth === 'anonymous' ? 'anon' : 'JWT',
    number(row.aloneMs),
    number(rate, rate < 100 ? 1 : 0),
    // Requests slower than the measured window never complete in it: no latency to show.
    row.ours.requests ? number(row.ours.p50) : '–',
    row.ours.requests ? number(row.ours.p99) : '–',
    number(row.bytes),
    number(row.ours.peakRssMiB),
    row.payload ? number(row.payload.requestsPerSecond, 1) : '–',
    row.payload ? `${number(rate / row.payload.requestsPerSecond, 2)}×` : '–',
    number(row.floor.requestsPerSecond),
    percent((rate / row.floor.requestsPerSecond) * 100),
  ]
}

/**
 * Lines of a plain-text table under `header` and a rule: columns as wide as their widest cell, the first `textColumns`
 * aligned left, the others (figures) right.
 */
export function alignedTable(header: string[], rows: string[][], textColumns: number): string {
  const lines = [header, ...rows]
  const widths = header.map((_, index) => Math.max(...lines.map((line) => line[index].length)))
  const format = (line: string[]) =>
    line
      .map((cell, index) =>
        index < textColumns ? cell.padEnd(widths[index]) : cell.padStart(widths[index]),
      )
      .join('  ')
  return [
    format(header),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...rows.map(format),
  ].join('\n')
}

/** The results as a plain-text table, columns aligned, one line per route and auth mode. */
export const formatTable = (rows: Row[]): string =>
  alignedTable(COLUMNS, rows.map(cells), TEXT_COLUMNS)
