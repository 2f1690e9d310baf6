import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Empty, Flex, Space, Spin, Tree, type TreeDataNode, Typography } from 'antd';
import { normalizePermissions, type PermissionNode } from '@console/contract';
import { presetCodes, ROLE_PRESETS } from './presets';

type Lang = 'zh-cn' | 'en';

export interface PermissionTreeProps {
  tree: PermissionNode[] | undefined;
  loading?: boolean;
  /** Canonical codes (parents included). */
  value?: string[];
  onChange?: (codes: string[]) => void;
  /** Codes the signed-in user holds: only these can be granted or taken away. */
  grantable: ReadonlySet<string>;
}

export function toTreeData(nodes: PermissionNode[], lang: Lang, grantable: ReadonlySet<string>): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.code,
    title: n.name[lang] ?? n.name['zh-cn'],
    disableCheckbox: !grantable.has(n.code),
    ...(n.children?.length ? { children: toTreeData(n.children, lang, grantable) } : {}),
  }));
}

export function leafCodes(nodes: PermissionNode[], out: Set<string> = new Set()): Set<string> {
  for (const n of nodes) {
    if (n.children?.length) leafCodes(n.children, out);
    else out.add(n.code);
  }
  return out;
}

function allCodes(nodes: PermissionNode[], out: string[] = []): string[] {
  for (const n of nodes) {
    out.push(n.code);
    if (n.children) allCodes(n.children, out);
  }
  return out;
}

/**
 * The permission codes as a checkable tree. The tree checks parents from their children, so only
 * leaf codes are handed to it; a module code follows from its pages (normalizePermissions).
 */
export function PermissionTree({ tree, loading, value = [], onChange, grantable }: PermissionTreeProps) {
  const { t, i18n } = useTranslation('account');
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh-cn';
  const data = useMemo(() => (tree ? toTreeData(tree, lang, grantable) : []), [tree, lang, grantable]);
  const leaves = useMemo(() => (tree ? leafCodes(tree) : new Set<string>()), [tree]);
  const parents = useMemo(() => (tree ? allCodes(tree).filter((c) => !leaves.has(c)) : []), [tree, leaves]);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const checked = value.filter((c) => leaves.has(c));

  if (loading) return <Spin style={{ display: 'block', margin: '24px auto' }} />;
  if (!tree?.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;

  const emit = (codes: string[]) => onChange?.(normalizePermissions(codes));
  // Codes the user cannot grant stay exactly as they were.
  const locked = value.filter((c) => leaves.has(c) && !grantable.has(c));
  const grantableLeaves = [...leaves].filter((c) => grantable.has(c));

  // A preset replaces what the user may grant; what it may not stays as it was.
  const presets = ROLE_PRESETS.map((p) => {
    const codes = presetCodes(p.key, tree, grantable).filter((c) => leaves.has(c));
    const mine = checked.filter((c) => grantable.has(c));
    const active = codes.length > 0 && codes.length === mine.length && codes.every((c) => mine.includes(c));
    return { key: p.key, codes, active };
  });

  return (
    <div>
      <Flex wrap gap={4} align="center" style={{ marginBottom: 8 }} role="group" aria-label={t('preset.label')} data-testid="permission-presets">
        <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineEnd: 4 }}>
          {t('preset.label')}
        </Typography.Text>
        {presets.map((p) => (
          <Button
            key={p.key}
            size="small"
            type={p.active ? 'primary' : 'default'}
            ghost={p.active}
            aria-pressed={p.active}
            disabled={p.codes.length === 0}
            title={t(`preset.${p.key}Hint`)}
            onClick={() => emit([...locked, ...p.codes])}
          >
            {t(`preset.${p.key}`)}
          </Button>
        ))}
      </Flex>
      <Space wrap size={4} style={{ marginBottom: 8 }}>
        <Button size="small" onClick={() => emit([...locked, ...grantableLeaves])}>
          {t('modal.checkAll')}
        </Button>
        <Button size="small" onClick={() => emit(locked)}>
          {t('modal.uncheckAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded(parents)}>
          {t('modal.expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t('modal.collapseAll')}
        </Button>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('modal.selected', { count: value.length })}
        </Typography.Text>
      </Space>
      <Tree
        checkable
        selectable={false}
        treeData={data}
        checkedKeys={checked}
        {...(expanded ? { expandedKeys: expanded } : { defaultExpandAll: true })}
        onExpand={(keys) => setExpanded(keys.map(String))}
        onCheck={(keys) => {
          const list = Array.isArray(keys) ? keys : keys.checked;
          emit(list.map(String).filter((c) => leaves.has(c)));
        }}
        style={{ maxHeight: 360, overflow: 'auto', padding: 4 }}
        data-testid="permission-tree"
      />
    </div>
  );
}
