import type { CollectionConfig, CollectionSlug } from 'payload'

import { clientComponent } from '../admin/components.js'
import { t3 } from '../core/adminLanguages.js'
import { applicationPasswordStrategy } from './basicAuth.js'

/**
 * The host's auth collection, accepting HTTP Basic with application passwords beside its own ways to log in,
 * with the user's application passwords listed, created and revoked on the user's page, and deleted with the user.
 */
export function withApplicationPasswords(
  users: CollectionConfig,
  passwords: CollectionSlug,
): CollectionConfig {
  const auth = typeof users.auth === 'object' ? users.auth : {}
  return {
    ...users,
    auth: {
      ...auth,
      strategies: [...(auth.strategies ?? []), applicationPasswordStrategy(users, passwords)],
    },
    hooks: {
      ...users.hooks,
      // A password belongs to its user: it goes with them.
      beforeDelete: [
        ...(users.hooks?.beforeDelete ?? []),
        async ({ id, req }) => {
          await req.payload.delete({
            collection: passwords,
            where: { user: { equals: id } },
            overrideAccess: true,
            req,
          })
        },
      ],
    },
    fields: [
      ...users.fields,
      {
        name: 'applicationPasswords',
        type: 'ui',
        label: t3('Application passwords', '应用程序密码', '應用程式密碼'),
        admin: {
          disableListColumn: true,
          components: {
            Field: clientComponent('ApplicationPasswordsField', { collection: passwords }),
          },
        },
      },
    ],
  }
}
