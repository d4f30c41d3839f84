import type { ServerProps } from 'payload'

import { Link } from '@payloadcms/ui'

type Props = ServerProps & { variant?: 'button' | 'nav' }

/** A link to the month view: in the navigation, and as a button above the events list. */
export const CalendarLink = ({ i18n, payload, variant = 'nav' }: Props) => (
  <Link
    className={
      variant === 'nav'
        ? 'nav__link pec-nav-link'
        : 'btn btn--style-secondary btn--size-small pec-month-button'
    }
    href={`${payload.config.routes.admin}/calendar`}
    id={variant === 'nav' ? 'nav-calendar' : undefined}
  >
    <span className={variant === 'nav' ? 'nav__link-label' : undefined}>
      {i18n.t('calendar:monthView' as never)}
    </span>
  </Link>
)
