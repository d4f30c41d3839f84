import { ValidationError } from 'payload'

import { resolveOptions } from '../../src/core/options.js'
import { validationFailure } from '../../src/rest/wireNames.js'

const options = resolveOptions({})
const refusal = (collection: string, paths: string[], within?: string) =>
  validationFailure(
    new ValidationError({
      collection,
      errors: paths.map((path) => ({ message: `${path} is wrong`, path })),
    }),
    options,
    within,
  ).toBody() as { data: { params: Record<string, string> } }

describe("Payload's refusals name the parameters a client sends", () => {
  test('event fields by their parameter names', () => {
    expect(
      refusal('events', [
        'startDate',
        'publishedAt',
        'organizers',
        'slug',
        'hideFromListings',
        'title.zh-hant',
      ]),
    ).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): start_date, date, organizer, slug, hide_from_listings, title',
      data: {
        status: 400,
        params: {
          start_date: 'startDate is wrong',
          date: 'publishedAt is wrong',
          organizer: 'organizers is wrong',
          slug: 'slug is wrong',
          hide_from_listings: 'hideFromListings is wrong',
          title: 'title.zh-hant is wrong',
        },
        details: [],
      },
    })
  })

  test("a venue's or organizer's name is its resource parameter; a term's is name", () => {
    expect(Object.keys(refusal('venues', ['name', 'stateProvince', 'geoLat']).data.params)).toEqual(
      ['venue', 'stateprovince', 'geo_lat'],
    )
    expect(Object.keys(refusal('organizers', ['name']).data.params)).toEqual(['organizer'])
    expect(Object.keys(refusal('event-categories', ['name', 'parent']).data.params)).toEqual([
      'name',
      'parent',
    ])
  })

  test('inside an object of an event write, under that parameter', () => {
    expect(Object.keys(refusal('venues', ['name', 'showMap'], 'venue').data.params)).toEqual([
      'venue[venue]',
      'venue[show_map]',
    ])
  })
})
