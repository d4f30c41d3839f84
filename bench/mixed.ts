import http from 'node:http'

import { alignedTable, number } from './table.js'

/** One request of the mix, on one of the instances. */
type Answer = { status: number; body: string; headers: http.IncomingHttpHeaders }

export type Operation = 'list' | 'search' | 'create' | 'update' | 'trash'

/** The mix of docs/performance.md ("Mixed load"): what a busy site's visitors and editors send at once. */
const MIX: [Operation, number][] = [
  ['list', 45],
  ['search', 15],
  ['create', 20],
  ['update', 13],
  ['trash', 7],
]
const SEARCH_WORDS = ['music', 'festival', 'class', 'jam', 'summit', 'choir', 'garden', 'night']
const NAMESPACE = '/api/calendar/events/v1'

export type OperationFigures = {
  operation: Operation
  requests: number
  perSecond: number
  p50: number
  p90: number
  p99: number
  serverErrors: number
  otherFailures: number
}

export type MixedResult = {
  instances: number
  connections: number
  seconds: number
  requestsPerSecond: number
  operations: OperationFigures[]
  /** Events whose acknowledged write did not read back (a kept event missing or stale, a trashed one listed). */
  lost: number
  /** The anonymous list's total after the load, against the total before plus creates minus trashings. */
  totals: { expected: number; found: number }
}

/** A small deterministic generator (mulberry32): the same mix on every run. */
function randomFrom(seed: number) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

function send(
  agent: http.Agent,
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const request = http.request(
      base + path,
      {
        agent,
        method,
        headers: payload ? { ...headers, 'content-type': 'application/json' } : headers,
        timeout: 60_000,
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: text, headers: response.headers }),
        )
        response.on('error', reject)
      },
    )
    request.on('timeout', () => request.destroy(new Error(`${method} ${path} timed out`)))
    request.on('error', reject)
    request.end(payload)
  })
}

const percentile = (sorted: number[], share: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] : 0

/**
 * Runs the mix against `servers` (one connection pool each; connection `n` goes to server `n % servers.length`)
 * for `warmup` seconds unmeasured, then `duration` seconds measured. Creates start in the next 60 days, so that
 * they are in the default list; updates and trashings take an event created by the load, never one being written by
 * another connection, so that what each acknowledged can be checked afterwards.
 */
export async function runMixedLoad(
  servers: string[],
  editorToken: string,
  { connections, duration, warmup }: { connections: number; duration: number; warmup: number },
): Promise<MixedResult> {
  const agents = servers.map(
    () => new http.Agent({ keepAlive: true, maxSockets: Math.ceil(connections / servers.length) }),
  )
  const editor = { authorization: `JWT ${editorToken}` }
  const totalOf = async () =>
    Number(
      (await send(agents[0], servers[0], 'GET', `${NAMESPACE}/events?per_page=1`, {})).headers[
        'x-tec-total'
      ],
    )
  const totalBefore = await totalOf()
  /** Events created by the load and not being written now, with the title last acknowledged. */
  const idle = new Map<number, string>()
  const trashed = new Set<number>()
  let created = 0
  const latencies = new Map<Operation, number[]>(MIX.map(([name]) => [name, []]))
  const failures = new Map<Operation, { server: number; other: number }>(
    MIX.map(([name]) => [name, { server: 0, other: 0 }]),
  )
  const weightTotal = MIX.reduce((sum, [, weight]) => sum + weight, 0)
  let measuring = false
  let sequence = 0

  const takeIdle = (random: () => number): [number, string] | undefined => {
    if (!idle.size) return undefined
    const ids = [...idle.keys()]
    const id = ids[Math.floor(random() * ids.length)]
    const title = idle.get(id)!
    idle.delete(id)
    return [id, title]
  }

  /** The request of `operation`, with the title it writes (creates and updates). */
  function requestOf(
    operation: Operation,
    connection: number,
    random: () => number,
    target?: number,
  ): { answer: Promise<Answer>; title?: string } {
    const index = connection % servers.length
    const go = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
      send(agents[index], servers[index], method, path, headers, body)
    if (operation === 'list')
      return { answer: go('GET', `${NAMESPACE}/events?page=${1 + Math.floor(random() * 5)}`, {}) }
    if (operation === 'search') {
      const word = SEARCH_WORDS[Math.floor(random() * SEARCH_WORDS.length)]
      return { answer: go('GET', `${NAMESPACE}/events?search=${word}`, editor) }
    }
    const title = `Load event ${++sequence}`
    if (operation === 'update')
      return { answer: go('POST', `${NAMESPACE}/events/${target}`, editor, { title }), title }
    if (operation === 'trash')
      return { answer: go('DELETE', `${NAMESPACE}/events/${target}`, editor) }
    const date = new Date(Date.now() + (1 + Math.floor(random() * 60)) * 86_400_000)
      .toISOString()
      .slice(0, 10)
    const event = {
      title,
      status: 'publish',
      start_date: `${date} 18:00:00`,
      end_date: `${date} 20:00:00`,
    }
    return { answer: go('POST', `${NAMESPACE}/events`, editor, event), title }
  }

  async function once(connection: number, random: () => number): Promise<void> {
    let roll = random() * weightTotal
    let operation = MIX.find(([, weight]) => (roll -= weight) < 0)![0]
    const target = operation === 'update' || operation === 'trash' ? takeIdle(random) : undefined
    if (!target && (operation === 'update' || operation === 'trash')) operation = 'create'
    const started = performance.now()
    const request = requestOf(operation, connection, random, target?.[0])
    // A connection error counts as a server error (status 0).
    const answer = await request.answer.catch((): Answer => ({ status: 0, body: '', headers: {} }))
    const elapsed = performance.now() - started
    const ok = answer.status >= 200 && answer.status < 300
    if (operation === 'create' && ok) {
      idle.set((JSON.parse(answer.body) as { id: number }).id, request.title!)
      created++
    } else if (operation === 'update') idle.set(target![0], ok ? request.title! : target![1])
    else if (operation === 'trash') {
      if (ok) trashed.add(target![0])
      else idle.set(...target!)
    }
    if (!measuring) return
    latencies.get(operation)!.push(elapsed)
    if (answer.status >= 500 || answer.status === 0) failures.get(operation)!.server++
    else if (!ok) failures.get(operation)!.other++
  }

  let stopAt = 0
  const connectionLoop = async (connection: number) => {
    const random = randomFrom(connection + 1)
    while (Date.now() < stopAt) await once(connection, random)
  }
  const runFor = (seconds: number) => {
    stopAt = Date.now() + seconds * 1000
    return Promise.all(Array.from({ length: connections }, (_, n) => connectionLoop(n)))
  }
  if (warmup > 0) await runFor(warmup)
  measuring = true
  const started = performance.now()
  await runFor(duration)
  const seconds = (performance.now() - started) / 1000

  let lost = 0
  for (const [id, title] of idle) {
    const answer = await send(agents[0], servers[0], 'GET', `${NAMESPACE}/events/${id}`, editor)
    if (answer.status !== 200 || (JSON.parse(answer.body) as { title: string }).title !== title)
      lost++
  }
  for (const id of trashed) {
    const answer = await send(agents[0], servers[0], 'GET', `${NAMESPACE}/events/${id}`, {})
    if (answer.status === 200) lost++
  }
  const found = await totalOf()
  for (const agent of agents) agent.destroy()

  const operations = MIX.map(([operation]) => {
    const sorted = latencies.get(operation)!.sort((a, b) => a - b)
    return {
      operation,
      requests: sorted.length,
      perSecond: sorted.length / seconds,
      p50: percentile(sorted, 0.5),
      p90: percentile(sorted, 0.9),
      p99: percentile(sorted, 0.99),
      serverErrors: failures.get(operation)!.server,
      otherFailures: failures.get(operation)!.other,
    }
  })
  const requests = operations.reduce((sum, row) => sum + row.requests, 0)
  return {
    instances: servers.length,
    connections,
    seconds,
    requestsPerSecond: requests / seconds,
    operations,
    lost,
    totals: { expected: totalBefore + created - trashed.size, found },
  }
}

/** The figures of one run as a plain-text table: one line per operation and one for the whole. */
export function formatMixed(result: MixedResult): string {
  const header = [
    'operation',
    'requests',
    'req/s',
    'p50 ms',
    'p90 ms',
    'p99 ms',
    '5xx',
    'other failed',
  ]
  const line = (row: OperationFigures) => [
    row.operation,
    number(row.requests),
    number(row.perSecond, 1),
    number(row.p50),
    number(row.p90),
    number(row.p99),
    number(row.serverErrors),
    number(row.otherFailures),
  ]
  return [
    `${result.instances} instance${result.instances > 1 ? 's' : ''}, ${result.connections} connections, ${number(result.seconds, 1)} s: ${number(result.requestsPerSecond)} req/s`,
    alignedTable(header, result.operations.map(line), 1),
    `lost: ${result.lost}; list total after the load ${result.totals.found} (expected ${result.totals.expected})`,
  ].join('\n')
}
