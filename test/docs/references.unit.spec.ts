/**
 * Every document or file a comment or a document of the repository cites is in the repository: a path to a source
 * file, a test, a recorded answer or a document, and a section of a document by its anchor.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { ROOT } from '../helpers/run.js'

/** The files of the repository that are read by people: sources, tests, scripts and documents. */
const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
  .split('\0')
  .filter((file) => /\.(ts|tsx|mjs|js|md)$/.test(file) && !file.startsWith('migrations/'))
  // The generated site's own files, written by the test, are paths of that site.
  .filter((file) => file !== 'test/site/site.ts')

/** A heading's anchor, as GitHub makes it. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')

const anchors = new Map<string, Set<string>>()
function anchorsOf(document: string): Set<string> {
  let found = anchors.get(document)
  if (!found) {
    found = new Set()
    const seen = new Map<string, number>()
    const text = fs.readFileSync(path.join(ROOT, document), 'utf8').replace(/```[\s\S]*?```/g, '')
    for (const [, heading] of text.matchAll(/^#{1,6} (.+)$/gm)) {
      const anchor = anchorOf(heading)
      const count = seen.get(anchor) ?? 0
      found.add(count ? `${anchor}-${count}` : anchor)
      seen.set(anchor, count + 1)
    }
    anchors.set(document, found)
  }
  return found
}

const exists = (file: string) => fs.existsSync(path.join(ROOT, file))

/** What is wrong with one citation (a repository path, maybe with an anchor), or nothing. */
function problem(target: string): string | undefined {
  const [file, anchor] = target.split('#')
  if (!exists(file)) return 'no such file'
  if (anchor && file.endsWith('.md') && !anchorsOf(file).has(anchor)) return 'no such section'
  return undefined
}

const CITED_PATH =
  /(?<![\w/.-])((?:docs|src|test|collections|endpoints|host|scripts|bench)\/(?:[\w.-]|\/|\(payload\))+\.(?:ts|tsx|mjs|md|json|css)|(?:README|CONTRIBUTING|CHANGELOG)\.md)(#[\w-]+)?/g

/** Files of a site that installs the plugin, which the documents tell its developer to write. */
const A_SITES_OWN = new Set([
  'src/payload.config.ts',
  'src/proxy.ts',
  'src/middleware.ts',
  'src/app/sitemap.ts',
  'src/seed.ts',
])

test('every path and section cited in comments and documents is in the repository', () => {
  const problems: string[] = []
  for (const file of files) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8')
    for (const [, cited, anchor = ''] of text.matchAll(CITED_PATH)) {
      if (cited.includes('*') || A_SITES_OWN.has(cited)) continue
      const found = problem(`${cited}${anchor}`)
      if (found) problems.push(`${file}: ${cited}${anchor}: ${found}`)
    }
    if (!file.endsWith('.md')) continue
    // Relative links of a document: other files beside it, and its own sections.
    for (const [, link] of text.matchAll(/\]\((?!https?:|mailto:)([^)\s]+)\)/g)) {
      const [target, anchor] = link.split('#')
      const resolved = target ? path.posix.join(path.posix.dirname(file), target) : file
      const found = problem(anchor ? `${resolved}#${anchor}` : resolved)
      if (found) problems.push(`${file}: (${link}): ${found}`)
    }
  }
  expect(files.length).toBeGreaterThan(100)
  expect(problems).toEqual([])
})

test('no comment or document cites a specification or contract outside the repository', () => {
  const outside = files.flatMap((file) =>
    fs
      .readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        /\b(ORIGINAL|CONTRACT|SPEC)(\.md| §)|\.\.\/shared\//.test(line)
          ? [`${file}:${index + 1}`]
          : [],
      ),
  )
  expect(outside).toEqual([])
})
