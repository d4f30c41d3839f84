import { etagMatches } from '../../src/rest/cache/etag.js'
import { latestOf } from '../../src/core/latest.js'
import { StampedStore } from '../../src/core/stampedStore.js'

describe('latestOf', () => {
  test('answers every caller with a read that began after it asked, sharing reads between waiting callers', async () => {
    let value = 0
    const finish: (() => void)[] = []
    const latest = latestOf(
      () =>
        new Promise<number>((resolve) => {
          const seen = value
          finish.push(() => resolve(seen))
        }),
    )
    const turn = async () => {
      for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve))
    }
    const a = latest()
    const b = latest()
    await turn()
    expect(finish).toHaveLength(1)
    value = 1
    const c = latest()
    const d = latest()
    finish[0]()
    expect(await a).toBe(0)
    expect(await b).toBe(0)
    await turn()
    expect(finish).toHaveLength(2)
    finish[1]()
    expect(await c).toBe(1)
    expect(await d).toBe(1)
  })

  test('a failed read fails its callers only; the next caller reads again', async () => {
    let fail = true
    const latest = latestOf(async () => {
      if (fail) throw new Error('down')
      return 'up'
    })
    await expect(latest()).rejects.toThrow('down')
    fail = false
    await expect(latest()).resolves.toBe('up')
  })
})

describe('StampedStore', () => {
  const response = (size: number) => ({ status: 200, headers: {}, body: Buffer.alloc(size) })

  test('gives a response back only under the stamp it was kept with, and before it expires', () => {
    const store = new StampedStore<ReturnType<typeof response>>(
      1_000_000,
      (kept) => kept.body.byteLength,
    )
    store.set('a', 'stamp-1', 2_000, response(10))
    expect(store.get('a', 'stamp-1', 1_000)).toBeDefined()
    expect(store.get('a', 'stamp-2', 1_000)).toBeUndefined()
    expect(store.get('a', 'stamp-1', 1_000)).toBeUndefined()
    store.set('b', 'stamp-1', 2_000, response(10))
    expect(store.get('b', 'stamp-1', 2_000)).toBeUndefined()
  })

  test('lets the least recently used go when full', () => {
    const store = new StampedStore<ReturnType<typeof response>>(
      3 * 1_600,
      (kept) => kept.body.byteLength,
    )
    for (const key of ['a', 'b', 'c']) store.set(key, 's', Infinity, response(1_000))
    store.get('a', 's')
    store.set('d', 's', Infinity, response(1_000))
    expect(store.get('b', 's')).toBeUndefined()
    expect(store.get('a', 's')).toBeDefined()
    expect(store.get('d', 's')).toBeDefined()
  })
})

test('If-None-Match compares entity tags weakly and accepts lists and *', () => {
  expect(etagMatches('"x"', '"x"')).toBe(true)
  expect(etagMatches('W/"x"', '"x"')).toBe(true)
  expect(etagMatches('"y", "x"', '"x"')).toBe(true)
  expect(etagMatches('*', '"x"')).toBe(true)
  expect(etagMatches('"y"', '"x"')).toBe(false)
  expect(etagMatches(null, '"x"')).toBe(false)
})
