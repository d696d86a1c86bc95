import { Alert, Button, Spin, Tree, message, theme, type TreeDataNode } from 'antd';
import { useEffect, useMemo, useRef, type ComponentRef } from 'react';
import { Link } from 'react-router';
import { useItemTypeQuery, useLazyMarketGroupTypesQuery, useMarketGroupTreeQuery } from './market-api';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  addExpandedGroupKeys,
  readMarketBrowser,
  setExpandedGroupKeys,
  setGroupTypes,
  useMarketBrowser,
} from './market-browser.store';
import {
  groupIdOfKey,
  groupKey,
  groupPath,
  marketTreeNodes,
  needsTypes,
  typeKey,
  type MarketGroupLike,
  type MarketTreeNode,
} from './market-tree';

const TREE_HEIGHT = 560;

function toTreeData(nodes: readonly MarketTreeNode[]): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.key,
    title:
      node.typeId === undefined ? (
        node.title
      ) : (
        <Link to={`/market/${node.typeId}`} data-type-id={node.typeId} style={{ color: 'inherit' }}>
          {node.title}
        </Link>
      ),
    isLeaf: node.isLeaf,
    selectable: node.typeId !== undefined,
    ...(node.children ? { children: toTreeData(node.children) } : {}),
  }));
}

/**
 * The market group tree (public-tools §2): groups open and close; a group's item types are loaded the first
 * time it is opened. Arriving at an item opens the groups down to it.
 */
export function MarketGroupTree({ selectedTypeId }: { readonly selectedTypeId: number | null }) {
  const { token } = theme.useToken();
  const { data: groups, isError, refetch } = useMarketGroupTreeQuery();
  const [loadTypes] = useLazyMarketGroupTypesQuery();
  const expandedKeys = useMarketBrowser((state) => state.expandedGroupKeys);
  const loadedTypes = useMarketBrowser((state) => state.loadedGroupTypes);
  const { data: selectedType } = useItemTypeQuery(
    selectedTypeId === null ? skipToken : { id: selectedTypeId },
  );

  const tree = useRef<ComponentRef<typeof Tree>>(null);
  const roots: readonly MarketGroupLike[] = useMemo(() => groups ?? [], [groups]);
  const treeData = useMemo(() => toTreeData(marketTreeNodes(roots, loadedTypes)), [roots, loadedTypes]);
  const loadedKeys = useMemo(() => [...loadedTypes.keys()].map(groupKey), [loadedTypes]);

  const [messages, messageHolder] = message.useMessage();

  const loadGroupTypes = async (groupId: number) => {
    if (!needsTypes(roots, groupId, readMarketBrowser().loadedGroupTypes)) return;
    try {
      setGroupTypes(groupId, await loadTypes({ id: groupId }, true).unwrap());
    } catch {
      void messages.error('The items of this group could not be loaded. Open it again to retry.');
      setExpandedGroupKeys(readMarketBrowser().expandedGroupKeys.filter((key) => key !== groupKey(groupId)));
    }
  };

  const selectedGroupId = selectedType?.marketGroupID ?? null;
  useEffect(() => {
    if (selectedGroupId === null || roots.length === 0) return;
    const path = groupPath(roots, selectedGroupId);
    if (path.length === 0) return;
    addExpandedGroupKeys(path.map(groupKey));
    if (needsTypes(roots, selectedGroupId, readMarketBrowser().loadedGroupTypes)) {
      void loadTypes({ id: selectedGroupId }, true)
        .unwrap()
        .then((types) => setGroupTypes(selectedGroupId, types))
        .catch(() => undefined);
    }
  }, [selectedGroupId, roots, loadTypes]);

  // Once the item's group is open, the (virtual) tree scrolls to it.
  const selectedShown = selectedGroupId !== null && loadedTypes.has(selectedGroupId);
  useEffect(() => {
    if (selectedShown && selectedTypeId !== null)
      tree.current?.scrollTo({ key: typeKey(selectedTypeId), align: 'auto' });
  }, [selectedShown, selectedTypeId]);

  if (isError) {
    return (
      <Alert
        type="error"
        showIcon
        message="The market groups could not be loaded."
        action={
          <Button size="small" onClick={() => void refetch()}>
            Retry
          </Button>
        }
      />
    );
  }
  if (!groups) {
    return (
      <div style={{ padding: token.paddingLG, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }
  return (
    <nav aria-label="Market groups" data-testid="market-group-tree">
      {messageHolder}
      <Tree
        ref={tree}
        treeData={treeData}
        height={TREE_HEIGHT}
        virtual
        blockNode
        expandedKeys={[...expandedKeys]}
        loadedKeys={loadedKeys}
        selectedKeys={selectedTypeId === null ? [] : [typeKey(selectedTypeId)]}
        onExpand={(keys) => setExpandedGroupKeys(keys.map(String))}
        loadData={async (node) => {
          const groupId = groupIdOfKey(String(node.key));
          if (groupId !== null) await loadGroupTypes(groupId);
        }}
      />
    </nav>
  );
}
