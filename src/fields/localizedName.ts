import type { CollectionSlug, TextField, TextFieldSingleValidation } from 'payload'

import { text } from 'payload/shared'

import { storedLocales } from './storedLocales.js'

const isBlank = (value: unknown) => typeof value !== 'string' || value.trim() === ''

/**
 * Required in some language rather than in each: a record written in one language is complete, and an edit in
 * another language need not translate the name first (reads fall back to the language it has).
 */
const requiredInSomeLocale: TextFieldSingleValidation = async (value, options) => {
  const { collectionSlug, id, name, req } = options
  let translated = false
  if (isBlank(value) && id !== undefined && collectionSlug && req.payload.config.localization) {
    const stored = await storedLocales(req, collectionSlug as CollectionSlug, id, [name])
    translated = Object.entries(stored?.[name] ?? {}).some(
      ([locale, other]) => locale !== req.locale && !isBlank(other),
    )
  }
  return text(value, { ...options, required: !translated })
}

/**
 * The localized title or name of a record, which it must have in at least one language. Not `required`, which
 * would make it required in each (a column that may not be empty in any language's row); the validation is.
 */
export const localizedName = (name: string, label: TextField['label']): TextField => ({
  name,
  type: 'text',
  localized: true,
  label,
  validate: requiredInSomeLocale,
})
