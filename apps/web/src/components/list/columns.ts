import type { ReactNode } from 'react';
import type { TableColumnType } from 'antd';
import type { TablePrefs } from '../../stores/list-prefs';

/**
 * A list column: antd's column with a key (the `dataIndex` when that is a string). A column with
 * `sorter: true` sorts on the server by its key, which must be one of the call's sort fields.
 */
export type ListColumn<T> = TableColumnType<T> & {
  /** The name in the column settings when the title is not plain text. */
  settingsTitle?: string;
  /** False keeps the column out of the settings (always shown, e.g. the actions). */
  settable?: boolean;
  /** Hidden until the user shows it in the column settings (ids and other rarely read columns). */
  defaultHidden?: boolean;
  /** The column that names the row (account, order id): pinned to the left edge on a desktop. The column keyed `actions` is pinned right. */
  keyColumn?: boolean;
};

export const columnKey = <T>(c: ListColumn<T>): string => String(c.key ?? (typeof c.dataIndex === 'string' || typeof c.dataIndex === 'number' ? c.dataIndex : ''));

export const columnName = <T>(c: ListColumn<T>): ReactNode => c.settingsTitle ?? (typeof c.title === 'function' ? columnKey(c) : c.title);

/** The columns in the user's order (new columns keep their place after the known ones), with hidden ones marked. */
export function arrangeColumns<T>(columns: readonly ListColumn<T>[], prefs: TablePrefs | undefined): { column: ListColumn<T>; key: string; hidden: boolean }[] {
  const items = columns.map((column, index) => ({ column, key: columnKey(column), index }));
  const order = prefs?.order ?? [];
  const rank = (key: string, index: number) => {
    const i = order.indexOf(key);
    return i === -1 ? order.length + index : i;
  };
  // Until the user chooses, the columns marked `defaultHidden` are hidden.
  const hidden = new Set(prefs?.hidden ?? columns.filter((c) => c.defaultHidden).map(columnKey));
  return items
    .sort((a, b) => rank(a.key, a.index) - rank(b.key, b.index))
    .map(({ column, key }) => ({ column, key, hidden: column.settable !== false && hidden.has(key) }));
}
