import {
  findGroup,
  groupIdOfKey,
  groupKey,
  groupPath,
  marketTreeNodes,
  needsTypes,
  typeKey,
  type MarketGroupLike,
} from './market-tree';

const group = (
  marketGroupID: number,
  marketGroupName: string,
  children: MarketGroupLike[] = [],
  hasTypes = children.length === 0,
): MarketGroupLike => ({ marketGroupID, marketGroupName, children, hasTypes });

const MINERALS = group(1857, 'Minerals');
const ICE = group(1855, 'Ice Products');
const EMPTY = group(9, 'Retired', [], false);
const RAW = group(533, 'Raw Materials', [MINERALS, ICE]);
const SHIPS = group(4, 'Ships', [group(391, 'Frigates', [group(64, 'Standard Frigates')])]);
const ROOTS = [SHIPS, RAW, EMPTY];

describe('market group tree', () => {
  it('sorts groups by name and leaves unloaded type groups openable', () => {
    const nodes = marketTreeNodes(ROOTS, new Map());
    expect(nodes.map((node) => node.title)).toEqual(['Raw Materials', 'Retired', 'Ships']);
    const raw = nodes[0]!;
    expect(raw.children?.map((node) => [node.key, node.title, node.isLeaf, node.children])).toEqual([
      ['group:1855', 'Ice Products', false, undefined],
      ['group:1857', 'Minerals', false, undefined],
    ]);
    expect(nodes[1]).toEqual({ key: 'group:9', title: 'Retired', isLeaf: true, children: [] });
  });

  it('shows a group’s types, sorted by name, once they are loaded', () => {
    const loaded = new Map([
      [
        1857,
        [
          { typeID: 35, typeName: 'Pyerite' },
          { typeID: 34, typeName: 'Tritanium' },
          { typeID: 11399, typeName: 'Morphite' },
        ],
      ],
    ]);
    const minerals = marketTreeNodes(ROOTS, loaded)[0]!.children![1]!;
    expect(minerals.isLeaf).toBe(false);
    expect(minerals.children).toEqual([
      { key: 'type:11399', title: 'Morphite', typeId: 11399, isLeaf: true },
      { key: 'type:35', title: 'Pyerite', typeId: 35, isLeaf: true },
      { key: 'type:34', title: 'Tritanium', typeId: 34, isLeaf: true },
    ]);
    const emptyGroup = marketTreeNodes([group(5, 'Nothing here')], new Map([[5, []]]))[0]!;
    expect(emptyGroup.isLeaf).toBe(true);
  });

  it('knows which groups still need their types', () => {
    expect(needsTypes(ROOTS, 1857, new Map())).toBe(true);
    expect(needsTypes(ROOTS, 1857, new Map([[1857, []]]))).toBe(false);
    expect(needsTypes(ROOTS, 533, new Map())).toBe(false);
    expect(needsTypes(ROOTS, 123456, new Map())).toBe(false);
  });

  it('finds the path from a root to a group, to open the tree at an item', () => {
    expect(groupPath(ROOTS, 64)).toEqual([4, 391, 64]);
    expect(groupPath(ROOTS, 1857)).toEqual([533, 1857]);
    expect(groupPath(ROOTS, 9)).toEqual([9]);
    expect(groupPath(ROOTS, 777)).toEqual([]);
    expect(findGroup(ROOTS, 391)?.marketGroupName).toBe('Frigates');
  });

  it('tells group keys from type keys', () => {
    expect(groupIdOfKey(groupKey(1857))).toBe(1857);
    expect(groupIdOfKey(typeKey(34))).toBeNull();
  });
});
