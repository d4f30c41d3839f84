import { createHash, randomInt } from 'node:crypto'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const LENGTH = 24

/** A new application password: 24 random letters and digits (about 143 bits), as WordPress makes them. */
export const newApplicationPassword = (): string =>
  Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')

/** As WordPress shows it: groups of four separated by spaces, which clients may keep or drop. */
export const groupedForReading = (password: string): string => password.match(/.{1,4}/g)!.join(' ')

/**
 * What is stored and looked up: a SHA-256 digest of the letters and digits sent (spaces and other separators
 * are ignored, as WordPress ignores them). A random 143-bit secret needs no slow, salted hash to resist guessing.
 */
export const applicationPasswordDigest = (sent: string): string =>
  createHash('sha256')
    .update(sent.replace(/[^a-z\d]/gi, ''))
    .digest('hex')
