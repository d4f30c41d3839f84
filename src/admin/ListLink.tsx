import type { ServerProps } from 'payload'

import { Link } from '@payloadcms/ui'

type Props = ServerProps & { collection: string; label: string }

/** A button above a list that opens another list: the events one row per series, or every date of them. */
export const ListLink = ({ i18n, payload, collection, label }: Props) => (
  <Link
    className="btn btn--style-secondary btn--size-small pec-list-link"
    href={`${payload.config.routes.admin}/collections/${collection}`}
  >
    {i18n.t(`calendar:${label}` as never)}
  </Link>
)
