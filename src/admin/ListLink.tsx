import type { ServerProps } from 'payload'

import { Link } from '@payloadcms/ui'

type Props = ServerProps & { collection: string; label: string; query?: string }

/** A button above a list that opens a list: the events one row per series, every date of them, or a filtered one. */
export const ListLink = ({ i18n, payload, collection, label, query }: Props) => (
  <Link
    className="btn btn--style-secondary btn--size-small pec-list-link"
    href={`${payload.config.routes.admin}/collections/${collection}${query ? `?${query}` : ''}`}
  >
    {i18n.t(`calendar:${label}` as never)}
  </Link>
)
