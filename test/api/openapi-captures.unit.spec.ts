import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { DEFAULT_LOCALES } from '../../src/core/constants.js'
import { calendarRoutes } from '../../endpoints/index.js'
import { resolveOptions } from '../../src/core/options.js'
import { openApiDocument } from '../../src/rest/openapi.js'
import { answerChecker, type OpenApiDocument } from '../helpers/openapi.js'

/**
 * Recorded answers of the original API (The Events Calendar's `tribe/events/v1`), in test/fixtures/captures/: a
 * selection that shows every operation, status and field shape the captures show.
 */
const CAPTURES = path.resolve(import.meta.dirname, '../fixtures/captures')

type Capture = { request: { method: string; url: string }; status: number; body: unknown }

const doc = openApiDocument(
  calendarRoutes(resolveOptions({}), [...DEFAULT_LOCALES]),
  'http://localhost/api/calendar/events/v1',
)
const checker = answerChecker(doc as unknown as OpenApiDocument)

/*
 * Every capture here must be valid against our document, so a client generated from `/doc` works against the
 * original too. Left out of the selection, since the namespace does not answer them in that shape: the original's
 * own `/doc` (ours replaces it: docs/api.md#where-we-knowingly-differ-from-the-original, item 11), and
 * answers shaped by WordPress's `_envelope` and `_fields` (unknown query parameters are ignored:
 * docs/api.md#the-rest-namespace-apicalendareventsv1).
 */

/**
 * A recorded answer as the namespace answers it: without `_links` (WordPress's hypermedia links to `/wp/v2`, not
 * sent: docs/api.md#the-openapi-document-get-doc), and with the `ticketed` flag the original's events lack
 * (docs/api.md#where-we-knowingly-differ-from-the-original, item 10), placed as ours after `featured` and `null` where
 * a protected event's flags are.
 */
const asOurs = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(asOurs)
  if (!value || typeof value !== 'object') return value
  const entries = Object.entries(value)
    .filter(([key]) => key !== '_links')
    .flatMap(([key, item]) => {
      const kept: [string, unknown] = [key, asOurs(item)]
      const isEvent = key === 'featured' && 'utc_start_date' in value
      return isEvent
        ? [kept, ['ticketed', item === null ? null : false] as [string, unknown]]
        : [kept]
    })
  return Object.fromEntries(entries)
}

const files = readdirSync(CAPTURES).filter((file) => file.endsWith('.json'))

describe("the original's recorded answers are valid against /doc", () => {
  const captures = files
  const read = (file: string) =>
    JSON.parse(readFileSync(path.join(CAPTURES, file), 'utf8')) as Capture
  const namespacePath = (url: string) =>
    url.replace(/^\{base_url\}\/wp-json\/tribe\/events\/v1/, '') || '/'

  test('every success body has the schema of its operation', () => {
    const problems = captures.flatMap((file) => {
      const capture = read(file)
      if (capture.status >= 300) return []
      const verdict = checker.check(
        capture.request.method,
        namespacePath(capture.request.url),
        capture.status,
        asOurs(capture.body),
      )
      return verdict.problems.map((problem) => `${file} (${verdict.operation}): ${problem}`)
    })
    expect(problems).toEqual([])
  })

  test('every error body has the Error schema', () => {
    const problems = captures.flatMap((file) => {
      const capture = read(file)
      if (capture.status < 400) return []
      return checker.validatesAs('Error', capture.body).map((problem) => `${file}: ${problem}`)
    })
    expect(problems).toEqual([])
  })

  test('the statuses the original answers are listed for their operation', () => {
    const unlisted = captures.flatMap((file) => {
      const capture = read(file)
      const verdict = checker.check(
        capture.request.method,
        namespacePath(capture.request.url),
        capture.status,
        asOurs(capture.body),
      )
      // Unknown paths and methods are no operation of the document; their 404 body is checked as an Error above.
      if ((capture.body as { code?: string }).code === 'rest_no_route') return []
      return verdict.problems.some(
        (problem) => problem.startsWith('status') || problem === 'no such operation',
      )
        ? [`${file}: ${verdict.operation} ${capture.status}`]
        : []
    })
    expect(unlisted).toEqual([])
  })
})
