/**
 * A filter names what the reader cannot see or what does not exist (a category slug, a venue id, a status the
 * reader may not list). `param` names the filter; the namespace answers `400 rest_invalid_param` for it, a page
 * of the site its 404.
 */
export class UnknownFilterValue extends Error {
  constructor(readonly param: string) {
    super(`no such ${param}`)
    this.name = 'UnknownFilterValue'
  }
}
