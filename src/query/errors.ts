/**
 * A filter the query cannot use: its value names what does not exist or what the reader may not see (a category
 * slug, a venue id, a status the reader may not list), or it is incomplete (a latitude without a longitude).
 * `param` names the filter; the namespace answers `400 rest_invalid_param` for it, a page of the site its 404.
 */
export class InvalidFilter extends Error {
  constructor(readonly param: string) {
    super(`invalid filter ${param}`)
    this.name = 'InvalidFilter'
  }
}
