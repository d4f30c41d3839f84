export type CategoryNode = { children: CategoryNode[]; id: number | string; name: string }

type Category = {
  id: number | string
  name?: null | string
  parent?: null | number | string | { id: number | string }
}

const idOf = (value: Category['parent']) => (value && typeof value === 'object' ? value.id : value)

/**
 * Categories arranged under their parents, siblings by name. A category whose parent is missing (not readable,
 * trashed) or part of a cycle is shown at the top level, so every category can still be picked.
 */
export function categoryTree(categories: Category[], collator: Intl.Collator): CategoryNode[] {
  const nodes = new Map(
    categories.map((category) => [
      category.id,
      { children: [], id: category.id, name: category.name ?? String(category.id) } as CategoryNode,
    ]),
  )
  const parentOf = new Map(categories.map((category) => [category.id, idOf(category.parent)]))
  const underItself = (id: CategoryNode['id']) => {
    const seen = new Set([id])
    for (let parent = parentOf.get(id); parent != null; parent = parentOf.get(parent)) {
      if (seen.has(parent)) return true
      seen.add(parent)
    }
    return false
  }
  const roots: CategoryNode[] = []
  for (const node of nodes.values()) {
    const parent = parentOf.get(node.id)
    const parentNode = parent != null && !underItself(node.id) ? nodes.get(parent) : undefined
    ;(parentNode ? parentNode.children : roots).push(node)
  }
  const sort = (list: CategoryNode[]) => {
    list.sort((a, b) => collator.compare(a.name, b.name))
    list.forEach((node) => sort(node.children))
    return list
  }
  return sort(roots)
}

/** Keeps the nodes whose name contains `text`, with the ancestors that lead to them. */
export function filterTree(nodes: CategoryNode[], text: string): CategoryNode[] {
  const needle = text.trim().toLocaleLowerCase()
  if (!needle) return nodes
  return nodes.flatMap((node) => {
    const children = filterTree(node.children, needle)
    return node.name.toLocaleLowerCase().includes(needle) || children.length
      ? [{ ...node, children }]
      : []
  })
}
