import autocannon from 'autocannon'

export type LoadOptions = { connections: number; duration: number; warmup: number }
export type LoadResult = {
  requestsPerSecond: number
  p50: number
  p99: number
  requests: number
  failures: number
}

const cannon = (
  url: string,
  headers: Record<string, string>,
  connections: number,
  duration: number,
) => autocannon({ url, headers, connections, duration, timeout: 30 })

/**
 * Loads one URL over loopback: `warmup` seconds whose figures are dropped, then `duration` seconds measured, with
 * `connections` keep-alive connections. Any answer other than 2xx, or a connection error, counts as a failure.
 */
export async function load(
  url: string,
  headers: Record<string, string>,
  options: LoadOptions,
): Promise<LoadResult> {
  if (options.warmup > 0) await cannon(url, headers, options.connections, options.warmup)
  const result = await cannon(url, headers, options.connections, options.duration)
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors,
  }
}
