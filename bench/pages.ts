import { load, type LoadOptions, type LoadResult } from './load.js'

/** The route the generated site gets for the benchmark only: it answers whatever HTML it was last given. */
export const BARE_ROUTE = '/bench-bare'
export const BARE_ROUTE_FILE = [
  `src/app${BARE_ROUTE}/route.ts`,
  `let html = ''

export const dynamic = 'force-dynamic'

export async function PUT(request: Request) {
  html = await request.text()
  return new Response(null, { status: 204 })
}

export function GET() {
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } })
}
`,
] as const

export type PageRow = {
  page: string
  path: string
  bytes: number
  ours: LoadResult
  bare: LoadResult
  /** Milliseconds to the page's first answer after a write (a page computed anew), median of five. */
  afterWriteMs: number
}

/**
 * The calendar's pages on the site, anonymous (kept under the change stamp), each against a bare Next.js route
 * answering the same HTML, and the time of a page's first answer after a write through the namespace.
 */
export async function measurePages(
  base: string,
  pages: { name: string; path: string }[],
  write: () => Promise<void>,
  options: LoadOptions,
): Promise<PageRow[]> {
  const rows: PageRow[] = []
  for (const { name, path } of pages) {
    const html = await (await fetch(base + path)).text()
    await fetch(base + BARE_ROUTE, { method: 'PUT', body: html })
    const ours = await load(base + path, {}, options)
    const bare = await load(base + BARE_ROUTE, {}, options)
    const times: number[] = []
    for (let round = 0; round < 5; round++) {
      await write()
      const started = performance.now()
      await (await fetch(base + path)).text()
      times.push(performance.now() - started)
    }
    rows.push({
      page: name,
      path,
      bytes: Buffer.byteLength(html),
      ours,
      bare,
      afterWriteMs: times.sort((a, b) => a - b)[2]!,
    })
  }
  return rows
}

/** The rows as a table: req/s of the page and of the bare route, their ratio, and the first answer after a write. */
export const formatPages = (rows: PageRow[]) =>
  [
    '| page | bytes | page req/s | bare route req/s | ratio | page p50 / p99 ms | after a write ms |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.page} | ${row.bytes} | ${row.ours.requestsPerSecond.toFixed(0)} | ${row.bare.requestsPerSecond.toFixed(0)} | ${(row.ours.requestsPerSecond / row.bare.requestsPerSecond).toFixed(2)}× | ${row.ours.p50} / ${row.ours.p99} | ${row.afterWriteMs.toFixed(0)} |`,
    ),
  ].join('\n')
