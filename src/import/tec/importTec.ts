import type { CollectionSlug, Payload, TypedLocale } from 'payload'

import { createHash } from 'node:crypto'
import { createLocalReq } from 'payload'

import { updatePlannerStatistics } from '../../database/plannerStatistics.js'
import { inTransaction } from '../../database/transactions.js'
import { inBothScripts, ownText } from '../../fields/chineseConversions.js'
import { keepCancelled, keepMoved } from '../../hooks/occurrences.js'
import { recountAllTerms } from '../../hooks/termCounts.js'
import { downloadImage } from '../../media/importImage.js'
import { fileTitle, mediaData } from '../../media/mediaFields.js'
import { pluginOptionsOf, type ResolvedCalendarOptions } from '../../core/options.js'
import { htmlToRichText } from '../../richText/fromHtml.js'
import { type GetJson, sourceClient, type SourceClientOptions } from './client.js'
import { embedded, mapRecord, type Mapped, sourceKey, type WireRecord } from './records.js'
import { gatherSeries } from './series.js'
import { listRecords, locateNamespace, type Resource, RESOURCES } from './source.js'

export type TecImportOptions = SourceClientOptions & {
  /** A site of the original (`https://old-site.example`), of this project, or the namespace URL itself. */
  url: string
  /**
   * Languages to read (`?lang=`, `wpml_language`, `ml_language`), each imported into the locale of the same code;
   * the first is the one records are matched in. @default every language the site declares (a site of this project
   * does, in its namespace index) that is a locale here, the default locale first; for a site that declares none,
   * its default language, asked for by no parameter, into the default locale
   */
  languages?: string[]
  /** Called before anything is read, with the languages the run imports and how they were chosen. */
  onStart?: (plan: LanguagePlan) => void
  /** Only events from this date on (the source's `start_date`). @default every event */
  since?: string
  /** Read everything and report what would change, writing nothing. @default false */
  dryRun?: boolean
  /** Called as records are written: the resource, how many of it are done, and how many there are. */
  onProgress?: (resource: Resource, done: number, total: number) => void
  /** Called as records are read, once per record and language. */
  onRead?: (resource: Resource, language: string | undefined) => void
}

export type ImportFailure = { resource: Resource; url: string; message: string }
export type ResourceCounts = { created: number; updated: number; unchanged: number; failed: number }
export type TecImportResult = {
  namespace: string
  languages: LanguagePlan
  counts: Record<Resource, ResourceCounts>
  failures: ImportFailure[]
}

/**
 * The locales a run imports into (`languages`), and how they were chosen: `given` by the caller, `declared` by the
 * site (`skipped`: languages it declares that are no locale here), or the site's `default` language alone, since
 * it declares none.
 */
export type LanguagePlan = {
  languages: string[]
  chosen: 'declared' | 'default' | 'given'
  skipped: string[]
}

/** What the run reads: the languages of the plan, or the source's default language (no parameter). */
function chooseLanguages(
  given: string[] | undefined,
  declared: string[] | undefined,
  localeCodes: string[],
  defaultLocale: string,
): { read: (string | undefined)[]; plan: LanguagePlan } {
  if (given?.length)
    return { read: given, plan: { languages: given, chosen: 'given', skipped: [] } }
  const served = (declared ?? []).filter((code) => localeCodes.includes(code))
  if (!served.length)
    return {
      read: [undefined],
      plan: { languages: [defaultLocale], chosen: 'default', skipped: [] },
    }
  const languages = served.includes(defaultLocale)
    ? [defaultLocale, ...served.filter((code) => code !== defaultLocale)]
    : served
  const skipped = (declared ?? []).filter((code) => !localeCodes.includes(code))
  return { read: languages, plan: { languages, chosen: 'declared', skipped } }
}

type Entry = { key: string; url: string; byLanguage: Map<string | undefined, WireRecord> }

/** A password-protected event as a public list shows it: its content emptied and its flags `null`. */
const isBlanked = (event: WireRecord) => event.all_day === null && event.featured === null

const digestOf = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32)

/**
 * Imports a whole site of The Events Calendar (or of this project) through its public `tribe/events/v1` API:
 * categories with their parents, tags, venues, organizers and events with their links and images (only images
 * on the site itself), in every language asked for. Idempotent on the source's `global_id`: a record that has
 * not changed since the last run is left alone, a changed one is updated, nothing is created twice. A record that
 * cannot be imported is reported with its source URL and the run goes on. Writes run without a user, as the
 * site owner's own tool; each record and its languages are written in one transaction.
 */
export async function importTecSite(
  payload: Payload,
  options: TecImportOptions,
): Promise<TecImportResult> {
  const calendar = pluginOptionsOf(payload.config)
  if (!calendar) throw new Error('importTecSite: the calendar plugin is not in this Payload config')
  const localization = payload.config.localization || null
  for (const language of options.languages ?? []) {
    if (!localization?.localeCodes.includes(language)) {
      throw new Error(
        `importTecSite: "${language}" is not a locale of this site (${localization?.localeCodes.join(', ') ?? 'none'})`,
      )
    }
  }
  const getJson = sourceClient(options)
  const { namespace, languages: declared } = await locateNamespace(getJson, options.url)
  const { read: languages, plan } = chooseLanguages(
    options.languages,
    declared,
    localization ? localization.localeCodes : [],
    localization ? localization.defaultLocale : '',
  )
  options.onStart?.(plan)
  const source = new URL(namespace)
  const entries = await readSite(getJson, namespace, source.host, languages, options)
  entries.events = gatherSeries(entries.events, languages[0])

  const collections: Record<Resource, CollectionSlug> = {
    categories: calendar.slugs.categories,
    tags: calendar.slugs.tags,
    venues: calendar.slugs.venues,
    organizers: calendar.slugs.organizers,
    events: calendar.slugs.events,
  }
  const counts = Object.fromEntries(
    RESOURCES.map((resource) => [resource, { created: 0, updated: 0, unchanged: 0, failed: 0 }]),
  ) as Record<Resource, ResourceCounts>
  const failures: ImportFailure[] = []
  const ids = Object.fromEntries(
    RESOURCES.map((resource) => [resource, new Map<string, number>()]),
  ) as Record<Resource, Map<string, number>>

  const idOf = async (resource: Resource, key: string): Promise<number | undefined> => {
    if (ids[resource].has(key)) return ids[resource].get(key)
    const { docs } = await payload.find({
      collection: collections[resource],
      depth: 0,
      limit: 1,
      pagination: false,
      select: { importKey: true },
      trash: true,
      where: { importKey: { equals: key } },
    })
    return docs[0]?.id as number | undefined
  }

  for (const resource of RESOURCES) {
    const list =
      resource === 'categories'
        ? parentsFirst([...entries.categories.values()], source.host)
        : [...entries[resource].values()]
    let done = 0
    for (const entry of list) {
      try {
        const outcome = await importEntry(payload, resource, entry, {
          calendar,
          collection: collections[resource],
          languages,
          source,
          dryRun: options.dryRun ?? false,
          idOf,
          remember: (id) => ids[resource].set(entry.key, id),
          media: calendar.slugs.media,
          report: (message) => failures.push({ resource, url: entry.url, message }),
        })
        counts[resource][outcome]++
      } catch (error) {
        counts[resource].failed++
        failures.push({
          resource,
          url: entry.url,
          message: error instanceof Error ? error.message : String(error),
        })
      }
      options.onProgress?.(resource, ++done, list.length)
    }
  }
  if (!options.dryRun) {
    await recountAllTerms(payload, calendar)
    await updatePlannerStatistics(payload)
  }
  return { namespace, languages: plan, counts, failures }
}

/** Every record of every list in every language, keyed in the first language; translations matched to it. */
async function readSite(
  getJson: GetJson,
  namespace: string,
  host: string,
  languages: (string | undefined)[],
  options: TecImportOptions,
): Promise<Record<Resource, Map<string, Entry>>> {
  const entries = Object.fromEntries(
    RESOURCES.map((resource) => [resource, new Map<string, Entry>()]),
  ) as Record<Resource, Map<string, Entry>>
  const [first] = languages
  const add = (
    resource: Resource,
    record: WireRecord,
    url: string,
    language: string | undefined,
  ) => {
    const key = sourceKey(resource, record, host)
    const known =
      entries[resource].get(key) ??
      (language === first ? undefined : translationOf(entries[resource], resource, record, first))
    if (known) {
      if (!known.byLanguage.has(language)) known.byLanguage.set(language, record)
    } else if (language === first) {
      entries[resource].set(key, { key, url, byLanguage: new Map([[language, record]]) })
    }
  }
  for (const language of languages) {
    for (const resource of RESOURCES) {
      for await (const { record, url } of listRecords(getJson, namespace, resource, {
        language,
        since: options.since,
      })) {
        options.onRead?.(resource, language)
        add(resource, record, url, language)
        if (resource !== 'events') continue
        for (const [kind, linked] of Object.entries(embedded(record)) as [
          Resource,
          WireRecord[],
        ][]) {
          for (const item of linked) add(kind, item, `${namespace}/${kind}/${item.id}`, language)
        }
      }
    }
  }
  return entries
}

/**
 * The first-language record a record of another language translates. This project's sites (and WPML set to keep
 * ids) give it the same id; otherwise the same slug, and for events the same times, when only one record has them.
 */
function translationOf(
  known: Map<string, Entry>,
  resource: Resource,
  record: WireRecord,
  first: string | undefined,
): Entry | undefined {
  const candidates = [...known.values()]
  const unique = (match: (original: WireRecord) => boolean) => {
    const found = candidates.filter((entry) => match(entry.byLanguage.get(first)!))
    return found.length === 1 ? found[0] : undefined
  }
  return (
    (record.slug ? unique((original) => original.slug === record.slug) : undefined) ??
    (resource === 'events'
      ? unique(
          (original) =>
            original.utc_start_date === record.utc_start_date &&
            original.utc_end_date === record.utc_end_date,
        )
      : undefined)
  )
}

function parentsFirst(terms: Entry[], host: string): Entry[] {
  const byKey = new Map(terms.map((entry) => [entry.key, entry]))
  const ordered: Entry[] = []
  const placed = new Set<string>()
  const place = (entry: Entry, path: Set<string>) => {
    if (placed.has(entry.key) || path.has(entry.key)) return
    const record = entry.byLanguage.values().next().value as WireRecord
    const parent = record.parent
      ? byKey.get(sourceKey('categories', { id: record.parent }, host))
      : undefined
    if (parent) place(parent, new Set([...path, entry.key]))
    placed.add(entry.key)
    ordered.push(entry)
  }
  for (const entry of terms) place(entry, new Set())
  return ordered
}

type EntryContext = {
  calendar: ResolvedCalendarOptions
  collection: CollectionSlug
  languages: (string | undefined)[]
  source: URL
  dryRun: boolean
  idOf: (resource: Resource, key: string) => Promise<number | undefined>
  remember: (id: number) => void
  media: CollectionSlug
  report: (message: string) => void
}

async function importEntry(
  payload: Payload,
  resource: Resource,
  entry: Entry,
  context: EntryContext,
): Promise<keyof ResourceCounts> {
  const mapped = context.languages.flatMap((language) => {
    const record = entry.byLanguage.get(language)
    return record ? [[language, mapRecord(resource, record, context.source.host)] as const] : []
  })
  const [, base] = mapped[0] as readonly [string | undefined, Mapped]
  const recordDigest = digestOf({
    shared: base.shared,
    links: base.links,
    cancelled: base.cancelled,
    moved: base.moved,
    languages: mapped.map(([l, m]) => [l, m.localized, m.html]),
  })
  const imageDigest = digestOf(base.image ?? null)
  const digest = `${recordDigest}:${imageDigest}`

  if (resource === 'events' && isBlanked(entry.byLanguage.get(context.languages[0])!)) {
    context.report(
      'password-protected on the source: only its title and times are public, and it is imported unprotected',
    )
  }
  const { docs } = await payload.find({
    collection: context.collection,
    depth: 0,
    limit: 1,
    pagination: false,
    select: { importDigest: true },
    trash: true,
    where: { importKey: { equals: entry.key } },
  })
  const existing = docs[0] as { id: number; importDigest?: string | null } | undefined
  if (existing) context.remember(existing.id)
  if (existing?.importDigest === digest) return 'unchanged'
  if (context.dryRun) return existing ? 'updated' : 'created'

  const links: Record<string, number[] | number | null> = {}
  for (const link of base.links) {
    const id = await context.idOf(link.resource, link.key)
    if (id === undefined) {
      context.report(`linked ${link.resource} ${link.key} was not imported; the link is left out`)
      continue
    }
    if (link.many) links[link.field] = [...((links[link.field] as number[]) ?? []), id]
    else links[link.field] = id
  }
  if (resource === 'events')
    for (const field of ['venue', 'organizers', 'categories', 'tags']) links[field] ??= []

  const image: Record<string, number> = {}
  const imageChanged = existing?.importDigest?.split(':')[1] !== imageDigest
  if (base.image && imageChanged) {
    const imageUrl = new URL(base.image, context.source)
    if (imageUrl.host !== context.source.host) {
      context.report(`image ${imageUrl.href} is not on the site being imported; it is left out`)
    } else {
      const file = await downloadImage(imageUrl.href, { allowedHosts: [context.source.host] })
      const data = mediaData(payload, context.media, fileTitle(file.name))
      image.image = (await payload.create({ collection: context.media, data: data as never, file }))
        .id as number
    }
  }

  /**
   * A translation's own text: a field that reads as in the first language (a site of this project answers an
   * untranslated field with its fallback) is left to this site's fallback, so a later change of the first language
   * shows in it too, as on the source.
   */
  const translated = (fields: Mapped, richText: Record<string, unknown>) => {
    const [, first] = mapped[0]
    return Object.fromEntries([
      ...Object.entries(fields.localized).map(([name, value]) => [
        name,
        value === first.localized[name] ? null : value,
      ]),
      ...Object.entries(richText).map(([name, value]) => [
        name,
        fields.html[name] === first.html[name] ? null : value,
      ]),
    ])
  }

  const bothScripts = inBothScripts(
    context.calendar.chinese,
    mapped.map(([language]) => language!),
  )
  const req = await createLocalReq({}, payload)
  const id = await inTransaction(req, async () => {
    let id = existing?.id
    for (const [index, [language, fields]] of mapped.entries()) {
      const richText = Object.fromEntries(
        await Promise.all(
          Object.entries(fields.html).map(async ([name, html]) => [
            name,
            await htmlToRichText(html, payload.config),
          ]),
        ),
      )
      const localized =
        index === 0 ? { ...fields.localized, ...richText } : translated(fields, richText)
      const data = {
        ...(index === 0
          ? { ...fields.shared, ...links, ...image, importKey: entry.key, importDigest: digest }
          : {}),
        ...localized,
      }
      const write = {
        collection: context.collection,
        context: bothScripts ? ownText(Object.keys(localized)) : {},
        data: data as never,
        depth: 0,
        locale: language as TypedLocale,
        req,
      } as const
      id =
        id === undefined
          ? ((await payload.create(write)).id as number)
          : ((await payload.update({ ...write, id, trash: true })).id as number)
    }
    if (base.cancelled) await keepCancelled(req, context.calendar, id!, base.cancelled)
    if (base.moved) await keepMoved(req, context.calendar, id!, base.moved)
    return id!
  })
  context.remember(id)
  return existing ? 'updated' : 'created'
}
