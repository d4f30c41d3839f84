/** References to the plugin's admin components, resolved through the package's `client` and `rsc` exports. */
export const clientComponent = (name: string, clientProps?: Record<string, unknown>) => ({
  path: `payload-events-calendar/client#${name}`,
  ...(clientProps ? { clientProps } : {}),
})

export const serverComponent = (name: string, serverProps?: Record<string, unknown>) => ({
  path: `payload-events-calendar/rsc#${name}`,
  ...(serverProps ? { serverProps } : {}),
})
