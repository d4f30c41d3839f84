import { sql } from '../../src/database/sql/statement.js'

describe('sql statements', () => {
  const ids = sql.join(
    [1, 2, 3].map((id) => sql`${id}`),
    sql`, `,
  )
  const query = sql`SELECT * FROM ${sql.identifier('events')} WHERE ${sql.identifier('status')} = ${'publish'} AND ${sql.identifier('id')} IN (${ids}) LIMIT ${10}`

  test('numbers Postgres parameters in order across nested fragments', () => {
    expect(query.text('postgres')).toBe(
      'SELECT * FROM "events" WHERE "status" = $1 AND "id" IN ($2, $3, $4) LIMIT $5',
    )
    expect(query.params).toEqual(['publish', 1, 2, 3, 10])
  })

  test('writes SQLite parameters as question marks', () => {
    expect(query.text('sqlite')).toBe(
      'SELECT * FROM "events" WHERE "status" = ? AND "id" IN (?, ?, ?) LIMIT ?',
    )
  })

  test('keeps values out of the text and quotes identifiers', () => {
    const hostile = `x'); DROP TABLE events; --`
    const statement = sql`SELECT ${sql.identifier('we"ird')} FROM t WHERE a = ${hostile}`
    expect(statement.text('sqlite')).toBe('SELECT "we""ird" FROM t WHERE a = ?')
    expect(statement.params).toEqual([hostile])
  })

  test('joins nothing into empty text', () => {
    expect(sql.join([], sql`, `).text('postgres')).toBe('')
  })
})
