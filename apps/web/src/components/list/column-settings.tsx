import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Flex, Popover, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { useListPrefsStore } from '../../stores/list-prefs';
import { arrangeColumns, columnName, type ListColumn } from './columns';

/**
 * Show, hide and order a table's columns, remembered per screen. Up and down buttons rather than
 * dragging: they work the same with a mouse, a finger and a keyboard.
 */
export function ColumnSettings<T>({ id, columns }: { id: string; columns: readonly ListColumn<T>[] }) {
  const { t } = useTranslation('components');
  const prefs = useListPrefsStore((s) => s.tables[id]);
  const setTable = useListPrefsStore((s) => s.setTable);
  const resetColumns = useListPrefsStore((s) => s.resetColumns);
  const [open, setOpen] = useState(false);
  const arranged = arrangeColumns(columns, prefs).filter((c) => c.column.settable !== false);
  const keys = arranged.map((c) => c.key);
  const hidden = arranged.filter((c) => c.hidden).map((c) => c.key);
  const shown = keys.length - hidden.length;

  const toggle = (key: string, visible: boolean) => setTable(id, { hidden: visible ? hidden.filter((k) => k !== key) : [...hidden, key] });
  const move = (from: number, to: number) => {
    const order = [...keys];
    const [key] = order.splice(from, 1);
    order.splice(to, 0, key!);
    setTable(id, { order });
  };

  const content = (
    <Flex vertical gap={2} style={{ minWidth: 200, maxHeight: 360, overflowY: 'auto' }} data-testid="column-settings">
      <Flex justify="space-between" align="center" style={{ paddingBottom: 4 }}>
        <Checkbox
          checked={shown === keys.length}
          indeterminate={shown > 0 && shown < keys.length}
          onChange={(e) => setTable(id, { hidden: e.target.checked ? [] : keys })}
        >
          {t('list.allColumns')}
        </Checkbox>
        <Button type="link" size="small" onClick={() => resetColumns(id)}>
          {t('list.resetColumns')}
        </Button>
      </Flex>
      {arranged.map(({ column, key, hidden: off }, i) => {
        const name = columnName(column);
        return (
          <Flex key={key} justify="space-between" align="center" gap={8}>
            <Checkbox checked={!off} onChange={(e) => toggle(key, e.target.checked)}>
              <Typography.Text style={{ whiteSpace: 'nowrap' }}>{name}</Typography.Text>
            </Checkbox>
            <span style={{ whiteSpace: 'nowrap' }}>
              <Button
                type="text"
                size="small"
                icon={<ArrowUpOutlined />}
                disabled={i === 0}
                aria-label={t('list.moveUp', { column: typeof name === 'string' ? name : key })}
                onClick={() => move(i, i - 1)}
              />
              <Button
                type="text"
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={i === arranged.length - 1}
                aria-label={t('list.moveDown', { column: typeof name === 'string' ? name : key })}
                onClick={() => move(i, i + 1)}
              />
            </span>
          </Flex>
        );
      })}
    </Flex>
  );

  return (
    <Popover content={content} title={t('list.columns')} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen}>
      {/* The tooltip would sit on top of the open settings. */}
      <Tooltip title={t('list.columns')} {...(open ? { open: false } : {})}>
        <Button icon={<SettingOutlined />} aria-label={t('list.columns')} />
      </Tooltip>
    </Popover>
  );
}
