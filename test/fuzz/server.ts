import type { EventsCalendarOptions } from '../../src/core/options.js'
import type { FuzzContext } from './campaign.js'
import type { Fixture } from './requests.js'

import { resolveOptions } from '../../src/core/options.js'
import { occurrenceWireId } from '../../src/recurrence/series.js'
import { createCalendar } from '../helpers/calendar.js'
import { startTestServer, type TestServer } from '../helpers/server.js'
import { createUser, registerFirstUser } from '../helpers/users.js'

/**
 * The test host on a fresh database with the small calendar of the read tests and an editor: what the fuzzer
 * sends its requests to.
 */
export async function startFuzzServer(
  options: EventsCalendarOptions,
): Promise<{ server: TestServer; ctx: FuzzContext; fixture: Fixture }> {
  const server = await startTestServer(options)
  const admin = await registerFirstUser(server)
  const editor = (await createUser(server, admin, 'editor@example.test', 'editor')).token
  const calendar = await createCalendar(server.payload)
  const series = await seriesOf(server)
  const fixture: Fixture = Object.fromEntries(
    Object.entries(calendar).map(([family, records]) => {
      const list = Object.values(records as Record<string, { id: number; slug: string }>)
      return [
        family,
        { ids: list.map((record) => String(record.id)), slugs: list.map((record) => record.slug) },
      ]
    }),
  )
  fixture.events.ids.push(...series.ids)
  fixture.events.slugs.push(series.slug)
  const ctx: FuzzContext = {
    url: server.url,
    payload: server.payload,
    collections: [...Object.values(resolveOptions(options).slugs), 'users'],
    tokens: { anonymous: undefined, editor },
  }
  return { server, ctx, fixture }
}

/** A weekly series: its id and its occurrences' ids, so that writes reach occurrences and their `scope`. */
async function seriesOf(server: TestServer) {
  const event = await server.payload.create({
    collection: 'events',
    data: {
      title: 'Fuzz weekly series',
      status: 'publish',
      startDate: '2027-02-02T19:00:00.000Z',
      endDate: '2027-02-02T21:00:00.000Z',
      recurrence: { rule: 'FREQ=WEEKLY;COUNT=4' },
    } as never,
  })
  const { docs } = await server.payload.find({
    collection: 'event-occurrences',
    where: { series: { equals: event.id } },
    depth: 0,
  })
  return {
    ids: [event.id, ...docs.map((doc) => occurrenceWireId(doc.id as number))].map(String),
    slug: (event as unknown as { slug: string }).slug,
  }
}
