import type { IncomingMessage, ServerResponse } from 'node:http'

import { inArrivalOrder } from '../../host/server/arrivalOrder.js'

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

test('requests start in the order they arrived, one per turn of the event loop', async () => {
  const started: string[] = []
  const handle = inArrivalOrder((req) => started.push(req.url!))
  for (const url of ['/a', '/b', '/c']) handle({ url } as IncomingMessage, {} as ServerResponse)
  expect(started).toEqual([])
  await nextTurn()
  expect(started).toEqual(['/a'])
  handle({ url: '/d' } as IncomingMessage, {} as ServerResponse)
  await nextTurn()
  expect(started).toEqual(['/a', '/b'])
  await nextTurn()
  await nextTurn()
  await nextTurn()
  expect(started).toEqual(['/a', '/b', '/c', '/d'])
  handle({ url: '/e' } as IncomingMessage, {} as ServerResponse)
  await nextTurn()
  expect(started).toEqual(['/a', '/b', '/c', '/d', '/e'])
})
