/** The market group tree: groups from GET /market/groups/tree, each group's types loaded when first opened. */

export interface MarketGroupLike {
  readonly marketGroupID: number;
  readonly marketGroupName: string;
  readonly children: readonly MarketGroupLike[];
  readonly hasTypes: boolean;
}

export interface ItemTypeLike {
  readonly typeID: number;
  readonly typeName: string;
}

export interface MarketTreeNode {
  readonly key: string;
  readonly title: string;
  /** Set on item types; groups have none. */
  readonly typeId?: number;
  /** Types and empty groups; a group whose types are not loaded yet is not a leaf (opening it loads them). */
  readonly isLeaf: boolean;
  readonly children?: MarketTreeNode[];
}

const GROUP_PREFIX = 'group:';
const TYPE_PREFIX = 'type:';

export const groupKey = (groupId: number) => `${GROUP_PREFIX}${groupId}`;
export const typeKey = (typeId: number) => `${TYPE_PREFIX}${typeId}`;

/** The group id of a group node's key, or null for a type node. */
export function groupIdOfKey(key: string): number | null {
  return key.startsWith(GROUP_PREFIX) ? Number(key.slice(GROUP_PREFIX.length)) : null;
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function groupNode(
  group: MarketGroupLike,
  loadedTypes: ReadonlyMap<number, readonly ItemTypeLike[]>,
): MarketTreeNode {
  const subgroups = [...group.children]
    .sort((a, b) => byName.compare(a.marketGroupName, b.marketGroupName))
    .map((child) => groupNode(child, loadedTypes));
  const types = loadedTypes.get(group.marketGroupID);
  const key = groupKey(group.marketGroupID);
  if (group.hasTypes && types === undefined) {
    // Children unknown until the types are loaded: the tree calls loadData when the node is opened.
    return subgroups.length > 0
      ? { key, title: group.marketGroupName, isLeaf: false, children: subgroups }
      : { key, title: group.marketGroupName, isLeaf: false };
  }
  const typeNodes = [...(types ?? [])]
    .sort((a, b) => byName.compare(a.typeName, b.typeName))
    .map((type) => ({ key: typeKey(type.typeID), title: type.typeName, typeId: type.typeID, isLeaf: true }));
  const children = [...subgroups, ...typeNodes];
  return { key, title: group.marketGroupName, isLeaf: children.length === 0, children };
}

/** The tree's nodes: groups sorted by name, then each loaded group's types sorted by name. */
export function marketTreeNodes(
  roots: readonly MarketGroupLike[],
  loadedTypes: ReadonlyMap<number, readonly ItemTypeLike[]>,
): MarketTreeNode[] {
  return [...roots]
    .sort((a, b) => byName.compare(a.marketGroupName, b.marketGroupName))
    .map((group) => groupNode(group, loadedTypes));
}

/** Whether opening the group must load its types first. */
export function needsTypes(
  roots: readonly MarketGroupLike[],
  groupId: number,
  loadedTypes: ReadonlyMap<number, unknown>,
): boolean {
  const group = findGroup(roots, groupId);
  return group !== null && group.hasTypes && !loadedTypes.has(groupId);
}

export function findGroup(roots: readonly MarketGroupLike[], groupId: number): MarketGroupLike | null {
  for (const group of roots) {
    if (group.marketGroupID === groupId) return group;
    const found = findGroup(group.children, groupId);
    if (found) return found;
  }
  return null;
}

/** The groups from a root down to `groupId` (inclusive), or [] when it is not in the tree. */
export function groupPath(roots: readonly MarketGroupLike[], groupId: number): number[] {
  for (const group of roots) {
    if (group.marketGroupID === groupId) return [groupId];
    const below = groupPath(group.children, groupId);
    if (below.length > 0) return [group.marketGroupID, ...below];
  }
  return [];
}
