import { useMemo } from 'react';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { agentTree, useAgents } from '../../components/dict-select';

/** An agent from the tree, with an optional first entry (the whole platform, 0) before it. */
export function AgentPicker({ zeroLabel, ...rest }: { zeroLabel?: string } & Omit<TreeSelectProps<number>, 'treeData'>) {
  const agents = useAgents();
  const treeData = useMemo(() => [...(zeroLabel ? [{ value: 0, title: zeroLabel }] : []), ...agentTree(agents)], [agents, zeroLabel]);
  return <TreeSelect<number> showSearch={{ treeNodeFilterProp: 'title' }} treeDefaultExpandAll popupMatchSelectWidth={false} style={{ minWidth: 200 }} {...rest} treeData={treeData} />;
}
