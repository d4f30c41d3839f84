'use client'
import { type StepNavItem, useStepNav } from '@payloadcms/ui'
import { useEffect } from 'react'

/** Sets the admin's breadcrumb for a custom view, which Payload leaves empty. */
export function CalendarStepNav({ items }: { items: StepNavItem[] }) {
  const { setStepNav } = useStepNav()
  const key = JSON.stringify(items)
  useEffect(() => setStepNav(JSON.parse(key) as StepNavItem[]), [key, setStepNav])
  return null
}
