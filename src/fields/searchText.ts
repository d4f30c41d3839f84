import type { Field } from 'payload'

import { SEARCH_TEXT_FIELD } from '../core/constants.js'

/** The plain text `search` matches, kept by the `searchText` hook. */
export const searchTextField: Field = {
  name: SEARCH_TEXT_FIELD,
  type: 'textarea',
  // Queryable by `search` (so not `hidden`), but never part of a response.
  admin: { hidden: true },
  custom: { writeOnly: true },
}
