const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

/**
 * Reads a value that others change, sharing reads between callers without ever answering a caller with a read
 * that began before it asked. A read begins on the event loop's next turn, so every caller whose request arrived
 * in this turn shares it; callers arriving while it runs share the one after it. Under load that is one read per
 * turn of the loop, however many callers.
 */
export function latestOf<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null
  let queued: Promise<T> | null = null
  const startSoon = async () => {
    await running?.catch(() => undefined)
    await nextTurn()
    queued = null
    const current = read().finally(() => {
      if (running === current) running = null
    })
    running = current
    return current
  }
  return () => {
    queued ??= startSoon()
    return queued
  }
}
