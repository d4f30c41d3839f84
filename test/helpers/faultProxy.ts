import net from 'node:net'

export type ProxyMode = 'forward' | 'refuse' | 'reset' | 'blackhole' | 'drop-commit'

/** A PostgreSQL simple-protocol `COMMIT`: message type `Q`, length 11, the text with its terminating zero. */
const COMMIT = Buffer.concat([
  Buffer.from('Q'),
  Buffer.from([0, 0, 0, 11]),
  Buffer.from('commit\0'),
])

export type FaultProxy = {
  port: number
  /** `uri` with its host and port replaced by the proxy's. */
  through: (uri: string) => string
  /**
   * `forward`: pass bytes both ways. `refuse`: stop listening (connects fail with ECONNREFUSED). `reset`: accept
   * and reset at once (the connection ends before the handshake). `blackhole`:
   * accept and never answer, existing connections included. `drop-commit`: forward, but a connection that sends a
   * COMMIT is reset before the COMMIT reaches the server, so the transaction is rolled back.
   */
  setMode: (mode: ProxyMode) => Promise<void>
  /** Resets every open connection (TCP RST to both ends), as a network failure or a database restart would. */
  resetAll: () => number
  commitsDropped: () => number
  close: () => Promise<void>
}

type Pair = { client: net.Socket; upstream?: net.Socket }

/** A loopback TCP proxy in front of `target`, whose faults the test switches on and off. */
export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: ProxyMode = 'forward'
  let dropped = 0
  const pairs = new Set<Pair>()

  const reset = (pair: Pair) => {
    pairs.delete(pair)
    for (const socket of [pair.client, pair.upstream]) {
      if (!socket || socket.destroyed) continue
      // Only a fully open socket without unsent data can be reset; for any other, Node's reset fails and leaves
      // the handle open, so it is closed instead.
      if (socket.readyState === 'open' && socket.writableLength === 0) socket.resetAndDestroy()
      else socket.destroy()
    }
  }

  const server = net.createServer((client) => {
    const pair: Pair = { client }
    pairs.add(pair)
    client.on('error', () => reset(pair))
    client.on('close', () => reset(pair))
    if (mode === 'reset') return reset(pair)
    if (mode === 'blackhole') return
    const upstream = net.connect(target)
    pair.upstream = upstream
    upstream.on('error', () => reset(pair))
    upstream.on('close', () => reset(pair))
    client.on('data', (chunk: Buffer) => {
      if (mode === 'blackhole') return
      if (mode === 'drop-commit' && chunk.includes(COMMIT)) {
        dropped++
        return reset(pair)
      }
      upstream.write(chunk)
    })
    upstream.on('data', (chunk: Buffer) => {
      if (mode !== 'blackhole') client.write(chunk)
    })
  })
  const listen = (port = 0) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve((server.address() as net.AddressInfo).port)
      })
    })
  // Closing only stops accepting: the connections already open live on until they are reset.
  const stopListening = () => {
    if (server.listening) server.close()
  }
  const port = await listen()

  return {
    port,
    through: (uri) => {
      const url = new URL(uri)
      url.hostname = '127.0.0.1'
      url.port = String(port)
      return url.toString()
    },
    setMode: async (next) => {
      // Connections that were held in a black hole never see an answer: they end as a timed-out TCP connection would.
      if (mode === 'blackhole' && next !== 'blackhole') for (const pair of [...pairs]) reset(pair)
      if (next === 'refuse') stopListening()
      else if (!server.listening) await listen(port)
      mode = next
    },
    resetAll: () => {
      const open = pairs.size
      for (const pair of [...pairs]) reset(pair)
      return open
    },
    commitsDropped: () => dropped,
    close: async () => {
      for (const pair of [...pairs]) reset(pair)
      stopListening()
    },
  }
}
