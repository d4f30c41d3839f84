export type PageInfo = { page: number; total: number; totalPages: number }
export type QueryPairs = [string, string][]

export type Envelope = {
  rest_url: string
  next_rest_url?: string
  previous_rest_url?: string
  headers: Record<string, string>
}

const formEncoded = (pairs: QueryPairs) => new URLSearchParams(pairs).toString()
const raw = (pairs: QueryPairs) =>
  pairs.map(([key, value]) => (value === '' ? key : `${key}=${value}`)).join('&')

function envelope(
  restUrl: string,
  next: string | undefined,
  previous: string | undefined,
  info: PageInfo,
): Envelope {
  const links = [
    ...(next ? [`<${next}>; rel="next"`] : []),
    ...(previous ? [`<${previous}>; rel="prev"`] : []),
  ]
  return {
    rest_url: restUrl,
    ...(next ? { next_rest_url: next } : {}),
    ...(previous ? { previous_rest_url: previous } : {}),
    headers: {
      'X-TEC-Total': String(info.total),
      'X-TEC-TotalPages': String(info.totalPages),
      ...(links.length ? { Link: links.join(', ') } : {}),
    },
  }
}

/**
 * Events, venues and organizers: `rest_url` echoes the normalised query un-encoded (form-encoded as a whole when
 * `encodeAll`, as the original does for some filters); the neighbour pages drop `page`, are form-encoded, and
 * append the page number, which page 1 leaves out.
 */
/** A page of events, venues or organizers: body keys in the original's order, and the list headers. */
export function postListResult(key: string, items: unknown[], envelope: Envelope, info: PageInfo) {
  const { headers, ...links } = envelope
  return {
    body: {
      [key]: items,
      rest_url: links.rest_url,
      ...(links.next_rest_url ? { next_rest_url: links.next_rest_url } : {}),
      ...(links.previous_rest_url ? { previous_rest_url: links.previous_rest_url } : {}),
      total: info.total,
      total_pages: info.totalPages,
    },
    headers,
  }
}

export function postEnvelope(
  collectionUrl: string,
  query: QueryPairs,
  info: PageInfo,
  encodeAll = false,
): Envelope {
  const restUrl = `${collectionUrl}/?${encodeAll ? formEncoded(query) : raw(query)}`
  const rest = formEncoded(query.filter(([key]) => key !== 'page'))
  const at = (page: number) => `${collectionUrl}/?${rest}${page > 1 ? `&page=${page}` : ''}`
  const next = info.page < info.totalPages ? at(info.page + 1) : undefined
  const previous = info.page > 1 && info.page - 1 <= info.totalPages ? at(info.page - 1) : undefined
  return envelope(restUrl, next, previous, info)
}

/** Categories and tags: `rest_url` is the bare collection URL and the neighbours carry only `page`. */
export function termEnvelope(collectionUrl: string, info: PageInfo): Envelope {
  const at = (page: number) => `${collectionUrl}/${page > 1 ? `?page=${page}` : ''}`
  const next = info.page < info.totalPages ? at(info.page + 1) : undefined
  const previous = info.page > 1 && info.page - 1 <= info.totalPages ? at(info.page - 1) : undefined
  return envelope(`${collectionUrl}/`, next, previous, info)
}
