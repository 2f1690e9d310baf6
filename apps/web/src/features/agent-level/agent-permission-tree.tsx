import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, Space, Tree, type TreeDataNode, Typography } from 'antd';
import { AGENT_PERMISSION_TREE, normalizeAgentPermissions, type PermissionNode } from '@console/contract';

type Lang = 'zh-cn' | 'en';

const toTreeData = (nodes: readonly PermissionNode[], lang: Lang): TreeDataNode[] =>
  nodes.map((n) => ({ key: n.code, title: n.name[lang], ...(n.children?.length ? { children: toTreeData(n.children, lang) } : {}) }));

function leavesOf(nodes: readonly PermissionNode[], out: Set<string> = new Set()): Set<string> {
  for (const n of nodes) {
    if (n.children?.length) leavesOf(n.children, out);
    else out.add(n.code);
  }
  return out;
}

/** The pages an agent user may be given (the agent tree's leaves). */
export const AGENT_LEAVES: ReadonlySet<string> = leavesOf(AGENT_PERMISSION_TREE);

/**
 * A set as stored: the agent tree's pages among `codes`, with their modules, in tree order. Only
 * pages count, so a module whose pages are all gone (13 of an old 1303) goes with them.
 */
export const agentCodes = (codes: Iterable<string>): string[] => normalizeAgentPermissions([...codes].filter((c) => AGENT_LEAVES.has(c)));

/**
 * The agent permission tree (AGENT_PERMISSION_TREE) as a checkable tree, named in the console's
 * language, for an admin level's permission set. As in the operator permission editor, only pages
 * are checked and a module follows from its pages; the value is the stored form: codes of the
 * agent tree only, modules included, in tree order (agentCodes).
 */
export function AgentPermissionTree({ value = [], onChange, id }: { value?: string[]; onChange?: (codes: string[]) => void; id?: string }) {
  const { t, i18n } = useTranslation('agent-level');
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh-cn';
  const data = useMemo(() => toTreeData(AGENT_PERMISSION_TREE, lang), [lang]);
  const checked = value.filter((c) => AGENT_LEAVES.has(c));
  const emit = (codes: string[]) => onChange?.(agentCodes(codes));

  return (
    <Flex vertical gap={8} id={id}>
      <Space wrap size={4}>
        <Button size="small" onClick={() => emit([...AGENT_LEAVES])}>
          {t('tree.checkAll')}
        </Button>
        <Button size="small" onClick={() => emit([])}>
          {t('tree.uncheckAll')}
        </Button>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('tree.selected', { count: checked.length, total: AGENT_LEAVES.size })}
        </Typography.Text>
      </Space>
      <Tree
        checkable
        selectable={false}
        defaultExpandAll
        treeData={data}
        checkedKeys={checked}
        onCheck={(keys) => {
          const list = Array.isArray(keys) ? keys : keys.checked;
          emit(list.map(String).filter((c) => AGENT_LEAVES.has(c)));
        }}
        style={{ maxHeight: 320, overflow: 'auto', padding: 4 }}
        data-testid="agent-permission-tree"
      />
    </Flex>
  );
}

/**
 * A permission set in a few words: each module of the agent tree the set touches, with how many of
 * its pages it holds when not all ("Player report 2/4").
 */
export function summarisePermissions(codes: readonly string[], lang: Lang): { code: string; label: string; partial: boolean }[] {
  const held = new Set(codes);
  const out: { code: string; label: string; partial: boolean }[] = [];
  for (const node of AGENT_PERMISSION_TREE) {
    const pages = node.children?.length ? [...leavesOf(node.children)] : [node.code];
    const have = pages.filter((c) => held.has(c)).length;
    if (!have) continue;
    const partial = have < pages.length;
    // A module that offers agents a single page is named by that page (exports, not backend settings).
    const only = node.children?.length === 1 ? node.children[0]! : node;
    out.push({ code: node.code, label: partial ? `${node.name[lang]} ${have}/${pages.length}` : only.name[lang], partial });
  }
  return out;
}
