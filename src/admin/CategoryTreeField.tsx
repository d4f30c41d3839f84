'use client'
import type { RelationshipFieldClientComponent } from 'payload'

import { getTranslation } from '@payloadcms/translations'
import {
  FieldDescription,
  FieldError,
  FieldLabel,
  useConfig,
  useDocumentDrawer,
  useField,
  useLocale,
  useTranslation,
} from '@payloadcms/ui'
import { useCallback, useEffect, useMemo, useState } from 'react'

import { type CategoryNode, categoryTree, filterTree } from './categoryTree.js'
import { intlLocale, useCalendarT } from './language.js'

type Id = number | string
const idOf = (value: unknown): Id =>
  value && typeof value === 'object' ? (value as { id: Id }).id : (value as Id)

/**
 * Event categories as a tree of checkboxes (children under their parents), with a filter box and a
 * "new category" drawer that selects the category it creates.
 */
export const CategoryTreeField: RelationshipFieldClientComponent = ({
  field,
  path: pathFromProps,
  readOnly,
}) => {
  const collection = field.relationTo as string
  const { config } = useConfig()
  const locale = useLocale()
  const { i18n } = useTranslation()
  const t = useCalendarT()
  const { disabled, path, setValue, showError, value } = useField<unknown[]>({
    potentiallyStalePath: pathFromProps,
  })
  const [categories, setCategories] = useState<Parameters<typeof categoryTree>[0]>([])
  const [filter, setFilter] = useState('')
  const [CategoryDrawer, CategoryDrawerToggler, { closeDrawer }] = useDocumentDrawer({
    collectionSlug: collection,
  })

  const load = useCallback(async () => {
    const query = `depth=0&pagination=false&sort=name&locale=${encodeURIComponent(locale.code)}&select[name]=true&select[parent]=true`
    const response = await fetch(`${config.routes.api}/${collection}?${query}`, {
      credentials: 'include',
    })
    if (response.ok) setCategories(((await response.json()) as { docs: typeof categories }).docs)
  }, [collection, config.routes.api, locale.code])
  useEffect(() => void load(), [load])

  const selected = useMemo(() => new Set((value ?? []).map(idOf)), [value])
  const tree = useMemo(
    () =>
      filterTree(categoryTree(categories, new Intl.Collator(intlLocale(i18n.language))), filter),
    [categories, filter, i18n.language],
  )
  const locked = readOnly || disabled
  const toggle = (id: Id) =>
    setValue(selected.has(id) ? [...selected].filter((other) => other !== id) : [...selected, id])

  const renderNodes = (nodes: CategoryNode[]) => (
    <ul className="pec-tree__list">
      {nodes.map((node) => (
        <li key={node.id}>
          <label className="pec-tree__item">
            <input
              checked={selected.has(node.id)}
              disabled={locked}
              onChange={() => toggle(node.id)}
              type="checkbox"
            />
            <span>{node.name}</span>
          </label>
          {node.children.length > 0 && renderNodes(node.children)}
        </li>
      ))}
    </ul>
  )

  return (
    <div
      className={['field-type', 'pec-tree', showError && 'error'].filter(Boolean).join(' ')}
      id={`field-${path}`}
    >
      <FieldLabel
        label={field.label}
        localized={field.localized}
        path={path}
        required={field.required}
      />
      <FieldError path={path} showError={showError} />
      <div className="pec-tree__box">
        {categories.length > 8 && (
          <input
            aria-label={t('filterCategories')}
            className="pec-tree__filter"
            onChange={(event) => setFilter(event.target.value)}
            placeholder={t('filterCategories')}
            type="search"
            value={filter}
          />
        )}
        {tree.length ? renderNodes(tree) : <p className="pec-tree__empty">{t('noCategories')}</p>}
      </div>
      {!locked && (
        <CategoryDrawerToggler className="pec-tree__add">{t('newCategory')}</CategoryDrawerToggler>
      )}
      <CategoryDrawer
        onSave={({ doc }) => {
          void load()
          if (!selected.has(doc.id)) setValue([...selected, doc.id])
          closeDrawer()
        }}
      />
      <FieldDescription
        description={getTranslation(field.admin?.description as never, i18n)}
        path={path}
      />
    </div>
  )
}
