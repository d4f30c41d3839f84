import type { ReactNode } from 'react'

/** The development host's own pages: a plain document around the calendar's pages, in the visitor's theme. */
export default function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta name="color-scheme" content="light dark" />
      </head>
      <body style={{ margin: 0, fontFamily: 'system-ui, sans-serif' }}>{children}</body>
    </html>
  )
}
