import { tsImport } from 'tsx/esm/api'

/**
 * The browser project's global setup: the development host's production build, made once before its spec files
 * start, so that two of them starting together never run `next build` in the same folder at once. Jest loads a
 * global setup without the projects' TypeScript transform, so the helper is loaded through tsx.
 */
export default async function adminBuild() {
  const { ensureAdminBuild } = await tsImport('./hostProcess.ts', import.meta.url)
  await ensureAdminBuild()
}
