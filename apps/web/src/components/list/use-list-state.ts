import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@console/contract';
import { LIST_STATE_PREFIX } from '../../stores/list-prefs';

export type SortOrder = 'ascend' | 'descend';

/** The request body of a paged list call: the contract's paging and sort shape plus the filters. */
export type ListParams<F, S extends string = string> = {
  page: number;
  page_size: number;
  sort_field?: S;
  sort_order?: SortOrder;
} & Partial<F>;

export interface ListStateOptions<Shape extends z.ZodRawShape, S extends string> {
  /** The screen's key for what is remembered (one per screen, e.g. `account`). */
  id: string;
  /**
   * The filters the list call takes, usually picked from the call's own request schema
   * (`user.userList.request.pick({keyword: true, status: true})`): a value from the URL or from
   * memory that the schema refuses is dropped, so a hand-edited link cannot send a bad request.
   */
  filters: z.ZodObject<Shape>;
  /** The columns the server sorts by (the contract's enum); any other sort in the URL is dropped. */
  sortFields?: readonly S[];
  defaultPageSize?: number;
}

export interface ListState<F, S extends string = string> {
  id: string;
  page: number;
  pageSize: number;
  sortField?: S;
  sortOrder?: SortOrder;
  filters: Partial<F>;
  /** What to send to the list call. */
  params: ListParams<F, S>;
  /**
   * New filters start at the first page; page size and order stay. Returns the filters as the list
   * reads them back (trimmed, without what its schema refuses), which `filters` soon holds.
   */
  setFilters: (filters: Partial<F>) => Partial<F>;
  /** Another page; a new page size starts at the first page. */
  setPage: (page: number, pageSize?: number) => void;
  /** A new order (none without a field) starts at the first page. */
  setSort: (field?: S, order?: SortOrder | null) => void;
}

const PAGING_KEYS = ['page', 'page_size', 'sort_field', 'sort_order'] as const;

function readMemory(id: string): string {
  try {
    return sessionStorage.getItem(LIST_STATE_PREFIX + id) ?? '';
  } catch {
    return '';
  }
}

function writeMemory(id: string, query: string) {
  try {
    if (query) sessionStorage.setItem(LIST_STATE_PREFIX + id, query);
    else sessionStorage.removeItem(LIST_STATE_PREFIX + id);
  } catch {
    // Storage may be full or switched off; the URL still holds the state.
  }
}

const isBlank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** A filter's value from its URL strings: the first reading the schema accepts. */
function readFilter(schema: z.ZodType, raw: string[]): unknown {
  const numbers = raw.map(Number);
  const numeric = raw.every((s) => s.trim() !== '' && Number.isFinite(Number(s)));
  const candidates: unknown[] = raw.length > 1 ? [raw, ...(numeric ? [numbers] : [])] : [raw[0], ...(numeric ? [numbers[0]] : []), raw, ...(numeric ? [numbers] : [])];
  if (raw.length === 1 && (raw[0] === 'true' || raw[0] === 'false')) candidates.push(raw[0] === 'true');
  for (const candidate of candidates) {
    const parsed = schema.safeParse(candidate);
    if (parsed.success && !isBlank(parsed.data)) return parsed.data;
  }
  return undefined;
}

interface Decoded {
  page: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: SortOrder;
  filters: Record<string, unknown>;
}

function decode(query: URLSearchParams, shape: z.ZodRawShape, sortFields: readonly string[] | undefined, defaultPageSize: number): Decoded {
  const int = (key: string, min: number, max: number) => {
    const n = Number(query.get(key));
    return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
  };
  const out: Decoded = { page: int('page', 1, Number.MAX_SAFE_INTEGER) ?? 1, pageSize: int('page_size', 1, MAX_PAGE_SIZE) ?? defaultPageSize, filters: {} };
  const field = query.get('sort_field');
  const order = query.get('sort_order');
  if (field && (!sortFields || sortFields.includes(field)) && (order === 'ascend' || order === 'descend')) {
    out.sortField = field;
    out.sortOrder = order;
  }
  for (const [key, schema] of Object.entries(shape)) {
    const raw = query.getAll(key);
    if (!raw.length) continue;
    const value = readFilter(schema as z.ZodType, raw);
    if (value !== undefined) out.filters[key] = value;
  }
  return out;
}

/** The state as query parameters; defaults are left out, so an untouched list has a bare URL. */
function encode(state: Decoded, defaultPageSize: number): URLSearchParams {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(state.filters)) {
    if (isBlank(value)) continue;
    for (const v of Array.isArray(value) ? value : [value]) q.append(key, String(v));
  }
  if (state.sortField && state.sortOrder) {
    q.set('sort_field', state.sortField);
    q.set('sort_order', state.sortOrder);
  }
  if (state.page !== 1) q.set('page', String(state.page));
  if (state.pageSize !== defaultPageSize) q.set('page_size', String(state.pageSize));
  return q;
}

/**
 * Page, page size, order and filters of a list screen, held in the URL query (a list can be
 * linked and reloaded) and remembered per screen in session storage: a screen opened with none of
 * its parameters in the URL (from the menu, say) comes back as the user left it.
 *
 * Kept-alive screens (tags view) see the location they were last shown at (app-main's
 * FrozenLocation), so a screen in a background tab neither reads nor writes another screen's URL.
 * Changes replace the history entry: the back button leaves the screen rather than stepping back
 * through every page turned.
 */
export function useListState<Shape extends z.ZodRawShape, S extends string = string>(
  options: ListStateOptions<Shape, S>,
): ListState<z.output<z.ZodObject<Shape>>, S> {
  type F = z.output<z.ZodObject<Shape>>;
  const { id, filters: schema, sortFields, defaultPageSize = DEFAULT_PAGE_SIZE } = options;
  const shape = schema.shape;
  const [searchParams, setSearchParams] = useSearchParams();
  const keys = useMemo(() => [...PAGING_KEYS, ...Object.keys(shape)], [shape]);

  const own = new URLSearchParams();
  for (const [k, v] of searchParams) if (keys.includes(k)) own.append(k, v);
  const inUrl = own.size > 0;
  // Without parameters of its own in the URL, the screen shows what it remembers.
  const query = inUrl ? own.toString() : readMemory(id);

  const decoded = useMemo(() => decode(new URLSearchParams(query), shape, sortFields, defaultPageSize), [query, shape, sortFields, defaultPageSize]);

  const write = useCallback(
    (next: URLSearchParams) => {
      setSearchParams(
        (current) => {
          const out = new URLSearchParams();
          for (const [k, v] of current) if (!keys.includes(k)) out.append(k, v);
          for (const [k, v] of next) out.append(k, v);
          return out;
        },
        { replace: true },
      );
    },
    [keys, setSearchParams],
  );

  useEffect(() => {
    const canonical = encode(decoded, defaultPageSize);
    if (inUrl) writeMemory(id, canonical.toString());
    else if (canonical.size) write(canonical);
  }, [decoded, inUrl, id, defaultPageSize, write]);

  const apply = useCallback(
    (next: Decoded) => {
      const q = encode(next, defaultPageSize);
      // Memory first: a bare URL must not bring back what was just cleared.
      writeMemory(id, q.toString());
      write(q);
    },
    [defaultPageSize, id, write],
  );

  return useMemo(() => {
    const { page, pageSize, sortField, sortOrder, filters } = decoded;
    const params = {
      page,
      page_size: pageSize,
      ...filters,
      ...(sortField && sortOrder ? { sort_field: sortField, sort_order: sortOrder } : {}),
    } as ListParams<F, S>;
    return {
      id,
      page,
      pageSize,
      ...(sortField && sortOrder ? { sortField: sortField as S, sortOrder } : {}),
      filters: filters as Partial<F>,
      params,
      setFilters: (next) => {
        const cleaned = decode(encode({ ...decoded, filters: next as Record<string, unknown> }, defaultPageSize), shape, sortFields, defaultPageSize).filters;
        apply({ ...decoded, page: 1, filters: cleaned });
        return cleaned as Partial<F>;
      },
      setPage: (nextPage, nextSize = pageSize) => apply({ ...decoded, page: nextSize === pageSize ? nextPage : 1, pageSize: nextSize }),
      setSort: (field, order) => {
        const { sortField: _f, sortOrder: _o, ...rest } = decoded;
        apply({ ...rest, page: 1, ...(field && order ? { sortField: field, sortOrder: order } : {}) });
      },
    };
  }, [decoded, id, apply, shape, sortFields, defaultPageSize]);
}
