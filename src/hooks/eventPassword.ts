import { type CollectionBeforeChangeHook, ValidationError } from 'payload'

import { hashPassword } from '../core/password.js'

/**
 * The event password arrives in the virtual `password` field and is stored only as a hash. Unticking
 * `passwordProtected` removes it; ticking it without a password (and none stored) is an error.
 */
export const eventPassword: CollectionBeforeChangeHook = async ({
  collection,
  data,
  originalDoc,
  req,
}) => {
  const password: unknown = data.password
  delete data.password
  if (typeof password === 'string' && password !== '') {
    data.passwordHash = await hashPassword(password)
    data.passwordProtected = true
  } else if (data.passwordProtected === false) {
    data.passwordHash = null
  } else if (data.passwordProtected && !originalDoc?.passwordHash) {
    throw new ValidationError({
      collection: collection.slug,
      errors: [{ message: req.t('validation:required'), path: 'password' }],
      req,
    })
  }
  return data
}
