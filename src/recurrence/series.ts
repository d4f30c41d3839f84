import type { Recurrence } from '../core/model.js'

/**
 * On the wire an occurrence of a recurring event has an id of its own: this base plus its stored number, fixed for
 * as long as the occurrence lives. Event ids stay below it, so the two never meet, and an occurrence's id says what
 * it is without a look-up (docs/api.md#recurring-events).
 */
export const OCCURRENCE_ID_BASE = 1_000_000_000

export const occurrenceWireId = (stored: number): number => OCCURRENCE_ID_BASE + stored

/** The stored number of the occurrence with wire id `id`; undefined for an event's id. */
export const occurrenceOfWireId = (id: number): number | undefined =>
  id > OCCURRENCE_ID_BASE ? id - OCCURRENCE_ID_BASE : undefined

/** Whether an event repeats (a rule, or extra dates): its occurrences are then items of their own on the wire. */
export const isSeries = (recurrence: Recurrence | null | undefined): boolean =>
  Boolean(recurrence?.rule?.trim() || recurrence?.rdates?.length)
