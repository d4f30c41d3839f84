export type SqlValue = boolean | null | number | string

/**
 * A piece of SQL: its text around each parameter (`chunks` has one more entry than `params`) and the parameters.
 * Built with the `sql` tag below, like drizzle's, which spent more time turning its tree of pieces into a
 * statement than SQLite spent running it.
 */
export class SqlFragment {
  constructor(
    readonly chunks: string[],
    readonly params: SqlValue[],
  ) {}

  /** The statement text, with `?` (SQLite) or `$1`, `$2`, … (Postgres) for the parameters. */
  text(dialect: 'postgres' | 'sqlite'): string {
    let text = this.chunks[0]
    for (let index = 1; index < this.chunks.length; index++) {
      text += (dialect === 'postgres' ? `$${index}` : '?') + this.chunks[index]
    }
    return text
  }
}

/** Appends `fragment` to the fragment under construction (`chunks`, `params`). */
function append(chunks: string[], params: SqlValue[], fragment: SqlFragment): void {
  chunks[chunks.length - 1] += fragment.chunks[0]
  for (let index = 0; index < fragment.params.length; index++) {
    params.push(fragment.params[index])
    chunks.push(fragment.chunks[index + 1])
  }
}

/** SQL from a template: fragments are inserted as SQL, any other value as a parameter. */
function sqlTag(strings: TemplateStringsArray, ...values: (SqlFragment | SqlValue)[]): SqlFragment {
  const chunks = [strings[0]]
  const params: SqlValue[] = []
  values.forEach((value, index) => {
    if (value instanceof SqlFragment) append(chunks, params, value)
    else {
      params.push(value)
      chunks.push('')
    }
    chunks[chunks.length - 1] += strings[index + 1]
  })
  return new SqlFragment(chunks, params)
}

/** A table or column name, quoted (the same quoting in SQLite and Postgres). */
const identifier = (name: string) => new SqlFragment([`"${name.replace(/"/g, '""')}"`], [])

/** A string constant written into the statement, where a parameter would have no type (a JSON key). */
const literal = (text: string) => new SqlFragment([`'${text.replace(/'/g, "''")}'`], [])

function join(fragments: SqlFragment[], separator: SqlFragment): SqlFragment {
  const chunks = ['']
  const params: SqlValue[] = []
  fragments.forEach((fragment, index) => {
    if (index) append(chunks, params, separator)
    append(chunks, params, fragment)
  })
  return new SqlFragment(chunks, params)
}

export const sql = Object.assign(sqlTag, { identifier, join, literal })
export type SqlTag = typeof sql
