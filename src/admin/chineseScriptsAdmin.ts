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
