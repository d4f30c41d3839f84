import type { ChildProcess } from 'node:child_process'

import net from 'node:net'

/** A loopback port no one listens on right now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
    server.once('error', reject)
  })

/** Stops a child by its own pid: SIGTERM, then SIGKILL after 10 s; its output streams are closed. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000).unref())])
    if (child.exitCode === null) child.kill('SIGKILL')
  }
  child.stdout?.destroy()
  child.stderr?.destroy()
}
