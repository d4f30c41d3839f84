import type { CollectionConfig, Field, JSONField } from 'payload'

import type { ResolvedCalendarOptions } from '../core/options.js'

import { convertibleFields } from '../fields/chineseConversions.js'
import { clientComponent } from './components.js'

function labelsOf(fields: Field[], found: Record<string, unknown> = {}): Record<string, unknown> {
  for (const field of fields) {
    if ('name' in field) found[field.name] = ('label' in field && field.label) || field.name
    if ('fields' in field) labelsOf(field.fields, found)
    if (field.type === 'tabs') for (const tab of field.tabs) labelsOf(tab.fields, found)
  }
  return found
}

/**
 * The admin of a collection's conversions between Chinese scripts: in the form's sidebar, which values of the
 * language being edited are conversions, with "write my own" and "convert again"; in lists, a column saying which
 * records hold conversions. Hidden when conversion is off.
 */
export function chineseScriptsAdmin(
  collection: CollectionConfig,
  options: ResolvedCalendarOptions,
): JSONField['admin'] {
  if (!options.chinese || options.disabled) return { hidden: true }
  const labels = labelsOf(collection.fields)
  return {
    position: 'sidebar',
    components: {
      Field: clientComponent('ChineseScriptsField', {
        fields: Object.keys(convertibleFields(collection.fields)).map((name) => ({
          name,
          label: labels[name],
        })),
        scripts: options.chinese,
      }),
      Cell: clientComponent('ChineseScriptsCell'),
    },
  }
}

/**
 * The collection with a mark under each text field kept in step between the Chinese scripts, shown while the
 * language being edited holds a conversion in it (ConvertedMark). As it is when conversion is off.
 */
export function withConvertedMarks(
  collection: CollectionConfig,
  options: ResolvedCalendarOptions,
): CollectionConfig {
  if (!options.chinese || options.disabled) return collection
  const convertible = convertibleFields(collection.fields)
  const marked = (fields: Field[]): Field[] =>
    fields.map((field) => {
      if (field.type === 'row' || field.type === 'collapsible')
        return { ...field, fields: marked(field.fields) }
      if (field.type === 'tabs')
        return {
          ...field,
          tabs: field.tabs.map((tab) =>
            'name' in tab ? tab : { ...tab, fields: marked(tab.fields) },
          ),
        }
      if (!('name' in field) || !convertible[field.name] || field.type === 'ui') return field
      const admin = (field.admin ?? {}) as { components?: { afterInput?: unknown[] } }
      return {
        ...field,
        admin: {
          ...admin,
          components: {
            ...admin.components,
            afterInput: [
              ...(admin.components?.afterInput ?? []),
              clientComponent('ConvertedMark', { field: field.name }),
            ],
          },
        },
      } as Field
    })
  return { ...collection, fields: marked(collection.fields) }
}
