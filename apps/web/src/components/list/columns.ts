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
  /**
   * The column that names the row (account, order id): pinned to the left edge, on a phone too,
   * where it is narrow and a name too long for it ends in an ellipsis. The column keyed `actions`
   * is pinned right.
   */
  keyColumn?: boolean;
  /**
   * Its place on a phone (below md), where a row has about 350 px beside the pinned columns:
   * `stack` shows it under the name in the key column's cell instead of as a column of its own
   * (an account's agent, a bet's player, a row's currency; nothing where the row has no value);
   * `lead` moves it right after the key column, in sight beside the name (the row's amounts).
   */
  phone?: 'stack' | 'lead';
};

/** A shown column and its key. */
export interface KeyedColumn<T> {
  column: ListColumn<T>;
  key: string;
}

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

/**
 * The shown columns as a phone has them: the key columns first, the `lead` ones next, the rest in
 * their order; the `stack` ones go into the first key column's cell, a second key column marked
 * `stack` too (an agent's daily row: its date, and its agent under it). With no key column they
 * stay columns of their own.
 */
export function phoneColumns<T>(shown: readonly KeyedColumn<T>[]): (KeyedColumn<T> & { stacked: KeyedColumn<T>[] })[] {
  const keyAt = shown.findIndex((c) => c.column.keyColumn);
  const stacked = keyAt === -1 ? [] : shown.filter((c, i) => c.column.phone === 'stack' && i !== keyAt);
  const rank = (c: KeyedColumn<T>) => (c.column.keyColumn ? 0 : c.column.phone === 'lead' ? 1 : 2);
  return shown
    .filter((c) => !stacked.includes(c))
    .map((c, index) => ({ c, index }))
    .sort((a, b) => rank(a.c) - rank(b.c) || a.index - b.index)
    .map(({ c }) => ({ ...c, stacked: c === shown[keyAt] ? stacked : [] }));
}

/** A row's value of a column (its `dataIndex`, a field or a path). */
export function cellValue<T>(column: ListColumn<T>, row: T): unknown {
  const index = column.dataIndex;
  const path = index === undefined || index === null ? [] : Array.isArray(index) ? index : [index];
  return path.reduce<unknown>((v, p) => (v === null || v === undefined ? v : (v as Record<string | number, unknown>)[p as string | number]), row);
}
