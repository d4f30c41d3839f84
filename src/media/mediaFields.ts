import type { CollectionSlug, FlattenedField, Payload } from 'payload'

/** The field of an image record that the calendar fills when the site's media collection requires it. */
const ALT = 'alt'

/** Required, with no default and no hook of the site's own to fill it in. */
const isRequired = (field: FlattenedField) => {
  const filled =
    'hooks' in field && (field.hooks?.beforeValidate?.length || field.hooks?.beforeChange?.length)
  const defaulted = 'defaultValue' in field && field.defaultValue !== undefined
  return 'required' in field && Boolean(field.required) && !defaulted && !filled
}

const fieldsOf = (payload: Payload, collection: CollectionSlug): FlattenedField[] =>
  payload.collections[collection]?.config.flattenedFields ?? []

/**
 * What a new image record needs besides its file: the alt text, when the site's media collection requires one (as
 * Payload's website and Postgres templates do), from `text` (the title or name of the record the image is for, or
 * else the image's file name).
 */
export function mediaData(
  payload: Payload,
  collection: CollectionSlug,
  text: string,
): Record<string, unknown> {
  const alt = fieldsOf(payload, collection).find((field) => field.name === ALT)
  return alt && isRequired(alt) && (alt.type === 'text' || alt.type === 'textarea')
    ? { [ALT]: text }
    : {}
}

/** The file name of an image without its extension, as alt text of last resort. */
export const fileTitle = (fileName: string) => fileName.replace(/\.[^.]+$/, '')

/**
 * Required fields of the media collection that the calendar cannot fill (anything but the alt text): images
 * brought by URL are refused until the site makes them optional or gives them a default value. Told once, at start,
 * instead of with every refused write.
 */
export function reportUnfillableMediaFields(payload: Payload, collection: CollectionSlug): void {
  const unfillable = fieldsOf(payload, collection)
    .filter((field) => field.name !== ALT && isRequired(field))
    .map((field) => field.name)
  if (!unfillable.length) return
  payload.logger.warn(
    `calendar: the ${collection} collection requires ${unfillable.map((name) => `\`${name}\``).join(', ')}, ` +
      'which the calendar cannot fill when it stores an image given by URL; such writes are refused until ' +
      'the field is optional or has a default value',
  )
}
