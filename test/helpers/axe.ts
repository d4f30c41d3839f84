import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
/** The rules of WCAG 2.2 levels A and AA. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/**
 * axe-core's WCAG 2.2 A and AA violations on the page, as `rule: targets`: within the elements `include` selects
 * when given (it is a violation too that none is on the page), and of the impacts `impacts` names when given.
 */
export async function axeViolations(
  page: Page,
  { include, impacts }: { include?: string[]; impacts?: string[] } = {},
): Promise<string[]> {
  await page.addScriptTag({ path: AXE })
  return page.evaluate(
    async ({ include, impacts, tags }) => {
      const axe = (window as unknown as { axe: any }).axe
      const present = include?.filter((selector) => document.querySelector(selector))
      if (present && !present.length) return [`none of ${include!.join(', ')} is on the page`]
      const result = await axe.run(
        present ? { include: present.map((selector) => [selector]) } : document,
        {
          runOnly: { type: 'tag', values: tags },
        },
      )
      return result.violations
        .filter((violation: { impact: string }) => !impacts || impacts.includes(violation.impact))
        .map(
          (violation: { id: string; nodes: { target: string[] }[] }) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        )
    },
    { include, impacts, tags: WCAG_AA },
  )
}
