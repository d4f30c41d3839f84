/**
 * The namespace's record ids are the original's integers on every database. The SQL adapters number records
 * themselves. On MongoDB a calendar record's ObjectId is its number in hex, zero-padded to 24 digits: the two map
 * into each other without a lookup, and ObjectIds sort as the numbers do.
 */
const WIDTH = 24

/** The ObjectId (as hex) of the MongoDB record numbered `id`. */
export const objectIdOf = (id: number): string => id.toString(16).padStart(WIDTH, '0')

/** The number of an ObjectId made by `objectIdOf`; undefined for any other ObjectId. */
export const numberOfObjectId = (hex: string): number | undefined =>
  /^0{16}[0-9a-f]{8}$/.test(hex) ? Number.parseInt(hex, 16) : undefined

/** Whether `text` is an ObjectId's 24 hex digits. */
export const isObjectIdHex = (text: string): boolean => /^[\da-f]{24}$/i.test(text)
