/** The part of autocannon's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  type Options = {
    url: string
    headers?: Record<string, string>
    connections?: number
    duration?: number
    timeout?: number
  }
  type Histogram = { total: number; average: number; p50: number; p99: number }
  type Result = {
    requests: Histogram
    latency: Histogram
    duration: number
    errors: number
    non2xx: number
  }
  export default function autocannon(options: Options): Promise<Result>
}
