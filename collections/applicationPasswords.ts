import type { Access, CollectionConfig, CollectionSlug, PayloadRequest } from 'payload'

import type { ResolvedCalendarOptions } from '../src/core/options.js'

import {
  applicationPasswordDigest,
  groupedForReading,
  newApplicationPassword,
} from '../src/auth/secret.js'
import { t3 } from '../src/core/adminLanguages.js'

const ISSUED = 'calendarApplicationPassword'
const never = () => false

/**
 * Application passwords, as WordPress keeps them: named, stored as a digest, shown once (the create response
 * carries the password, grouped by four), listed with their last use, revoked by deleting them. A user manages
 * their own; `manageApplicationPasswords` manages everyone's.
 */
export const applicationPasswordsCollection = (
  options: ResolvedCalendarOptions,
  usersSlug: CollectionSlug,
): CollectionConfig => {
  const isUser = (req: PayloadRequest) => req.user?.collection === usersSlug
  const manages = (req: PayloadRequest) =>
    isUser(req) && options.access.manageApplicationPasswords({ req })
  const own: Access = ({ req }) =>
    manages(req) || (isUser(req) && { user: { equals: req.user!.id } })
  return {
    slug: options.slugs.applicationPasswords,
    labels: {
      singular: t3('Application password', '应用程序密码', '應用程式密碼'),
      plural: t3('Application passwords', '应用程序密码', '應用程式密碼'),
    },
    access: { read: own, create: ({ req }) => isUser(req), update: own, delete: own },
    // Created and revoked on the user's page, where the new password can be shown once.
    admin: { hidden: true, useAsTitle: 'name' },
    defaultSort: '-createdAt',
    hooks: {
      beforeChange: [
        ({ context, data, operation, originalDoc, req }) => {
          if (operation === 'update') return { ...data, user: originalDoc.user }
          const password = newApplicationPassword()
          context[ISSUED] = password
          const user = manages(req)
            ? (data.user ?? req.user?.id)
            : isUser(req)
              ? req.user!.id
              : data.user
          return { ...data, user, passwordHash: applicationPasswordDigest(password) }
        },
      ],
      afterChange: [
        ({ context, doc, operation }) =>
          operation === 'create'
            ? { ...doc, password: groupedForReading(context[ISSUED] as string) }
            : doc,
      ],
    },
    fields: [
      {
        name: 'name',
        type: 'text',
        required: true,
        maxLength: 200,
        label: t3('Name', '名称', '名稱'),
      },
      {
        name: 'user',
        type: 'relationship',
        relationTo: usersSlug,
        required: true,
        index: true,
        label: t3('User', '用户', '使用者'),
        access: { update: never },
      },
      {
        name: 'passwordHash',
        type: 'text',
        hidden: true,
        index: true,
        access: { create: never, update: never },
      },
      {
        name: 'lastUsed',
        type: 'date',
        label: t3('Last used', '上次使用', '上次使用'),
        access: { create: never, update: never },
        admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } },
      },
    ],
  }
}
