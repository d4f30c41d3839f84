import type { CollectionConfig, PayloadRequest } from 'payload'

import { CALENDAR_ROLES, type CalendarRole } from 'payload-events-calendar'

/** Users registered later read published records only, like anonymous callers, until an administrator says more. */
export const DEFAULT_ROLE: CalendarRole = 'subscriber'

const t3 = (en: string, zh: string, zhTw: string) => ({ en, zh, 'zh-TW': zhTw })

const roleLabels: Record<CalendarRole, ReturnType<typeof t3>> = {
  admin: t3('Administrator', '管理员', '管理員'),
  editor: t3('Editor', '编辑', '編輯'),
  author: t3('Author', '作者', '作者'),
  subscriber: t3('Subscriber', '订阅者', '訂閱者'),
}

const roleOf = (req: PayloadRequest): CalendarRole | undefined =>
  (req.user as { role?: CalendarRole } | null)?.role
const isAdmin = ({ req }: { req: PayloadRequest }) => roleOf(req) === 'admin'
const adminOrSelf = ({ req }: { req: PayloadRequest }) =>
  isAdmin({ req }) || (req.user ? { id: { equals: req.user.id } } : false)

/**
 * The development host's users: roles decide what the calendar plugin allows (see the plugin's access option).
 * The first user ever registered becomes an administrator; only administrators assign roles afterwards.
 */
export const usersCollection: CollectionConfig = {
  slug: 'users',
  labels: { singular: t3('User', '用户', '使用者'), plural: t3('Users', '用户', '使用者') },
  auth: { useAPIKey: true },
  admin: { useAsTitle: 'email', defaultColumns: ['email', 'role'] },
  access: {
    admin: ({ req }) => ['admin', 'editor', 'author'].includes(roleOf(req) ?? ''),
    create: isAdmin,
    read: adminOrSelf,
    update: adminOrSelf,
    delete: isAdmin,
  },
  hooks: {
    beforeChange: [
      async ({ data, operation, req }) => {
        if (operation !== 'create') return data
        const { totalDocs } = await req.payload.count({
          collection: 'users',
          overrideAccess: true,
          req,
        })
        if (totalDocs === 0) data.role = 'admin'
        return data
      },
    ],
  },
  fields: [
    {
      name: 'role',
      type: 'select',
      required: true,
      defaultValue: DEFAULT_ROLE,
      index: true,
      saveToJWT: true,
      label: t3('Role', '角色', '角色'),
      options: CALENDAR_ROLES.map((value) => ({ value, label: roleLabels[value] })),
      access: { create: isAdmin, update: isAdmin },
    },
  ],
}
