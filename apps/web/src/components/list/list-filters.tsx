import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Card, Drawer, Flex, Form, Grid, Space } from 'antd';
import { FilterOutlined, SearchOutlined } from '@ant-design/icons';
import { useDictStore } from '../../stores/dict';
import { clearChips, type FilterChip, FilterChips } from './filter-chips';
import type { ListState } from './use-list-state';
import './list-table.css';

export interface ListFiltersProps<F> {
  list: Pick<ListState<F, string>, 'filters' | 'setFilters'>;
  /** The form's name: fields get ids `<name>_<field>`, which their labels point at. */
  name: string;
  /** The filter fields (Form.Items named after the list call's filters). */
  children: ReactNode;
  /**
   * The form's values from the filters in effect, when a field holds something else than the
   * call's value (a date range picker for `start_date` and `end_date`, say). Defaults to as is.
   */
  toForm?: (filters: Partial<F>) => Record<string, unknown>;
  /** The filters from the form's values; the reverse of `toForm`. */
  fromForm?: (values: Record<string, unknown>) => Partial<F>;
  /**
   * On a phone, fold the fields into a drawer opened by a Filters button, with `summary` (what is
   * in effect, in a few words) beside it, so the rows start near the top of the screen.
   */
  phoneDrawer?: boolean;
  summary?: ReactNode;
  /** How many filters differ from the defaults, shown on the phone's Filters button. */
  activeCount?: number;
  /**
   * The list's timezone (useListTimeZone), for a bar with a TimeZoneField: the field shows it, and
   * a search keeps the zone searched with as the persisted choice, as the reports do.
   */
  timeZone?: number;
  /**
   * The filters in effect as closable chips above the list, on a desktop and a phone alike
   * (FilterChip, useFilterChips): a filter carried over from another screen is never hidden in
   * the phone's drawer. Closing one searches without it; "Clear all" without any of them.
   */
  chips?: readonly FilterChip<F>[];
  /** Told which filters the chips cleared (a report forgets the persisted agent, say). */
  onChipsCleared?: (keys: string[]) => void;
}

/** Filters or form values as text, to tell two of them apart by what they hold (a date by its instant). */
const textOf = (values: unknown) => JSON.stringify(values ?? {});

/**
 * The filter bar of a list screen: the fields, Search and Reset. It shows the filters in effect
 * (from the URL or what the screen remembered); Search applies the fields from the first page,
 * Reset clears them. Enter in a field searches.
 *
 * The fields are rewritten only when the filters in effect change, not on another page or order.
 * A search of the bar's own reaches the URL (and so the filters) a moment after Enter: what the
 * user typed in that moment stays in the fields; when nothing was typed, they show the filters as
 * the list reads them (trimmed, say).
 */
export function ListFilters<F extends object>({ list, name, children, toForm, fromForm, phoneDrawer, summary, activeCount, timeZone, chips = [], onChipsCleared }: ListFiltersProps<F>) {
  const { t } = useTranslation('common');
  const [form] = Form.useForm();
  const { filters, setFilters } = list;
  const screens = Grid.useBreakpoint();
  // Only once the breakpoints are known (false, not undefined): a desktop never flashes the phone's bar.
  const phone = !!phoneDrawer && screens.md === false;
  const [open, setOpen] = useState(false);

  // The form's values as last set from the filters in effect, and the bar's searches on their way
  // to the URL: the filters each asked for and the form's values when it asked.
  const shown = useRef<string | undefined>(undefined);
  const searches = useRef<{ filters: string; form: string }[]>([]);

  const search = (next: Partial<F>) => {
    const asked = textOf(setFilters(next) ?? next);
    // The same filters as in effect, none on their way: nothing will arrive.
    if (asked === textOf(filters) && !searches.current.length) return;
    searches.current.push({ filters: asked, form: textOf(form.getFieldsValue()) });
  };

  // Before the browser paints or takes the next key: the fields never show other filters than the
  // list's, and a key pressed after this change is not undone by it.
  useLayoutEffect(() => {
    const shownFilters = toForm ? toForm(filters) : (filters as Record<string, unknown>);
    const values = timeZone === undefined ? shownFilters : { time_zone_id: timeZone, ...shownFilters };
    const text = textOf(values);
    const own = searches.current.findIndex((s) => s.filters === textOf(filters));
    if (own >= 0) {
      const mine = searches.current.splice(0, own + 1).at(-1)!;
      shown.current = text;
      // Changed since that search, or a later search on its way: the fields hold the user's input.
      if (searches.current.length || textOf(form.getFieldsValue()) !== mine.form) return;
    } else {
      if (text === shown.current) return;
      searches.current = [];
      shown.current = text;
    }
    form.resetFields();
    form.setFieldsValue(values);
  }, [form, filters, toForm, timeZone]);

  // A closed chip takes its focus with it: the focus goes to the next chip, else to the bar's
  // Filters button (phone) or Search button, never into a field (a picker would open).
  const card = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);
  const clear = (which: readonly FilterChip<F>[]) => {
    onChipsCleared?.(which.map((c) => c.key));
    refocus.current = true;
    search(clearChips(filters, which));
  };
  const chipKeys = chips.map((c) => c.key).join(',');
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    const root = card.current;
    const next =
      root?.querySelector<HTMLElement>('.list-filter-chip .ant-tag-close-icon') ??
      root?.querySelector<HTMLElement>('[data-testid="filters-open"]') ??
      root?.querySelector<HTMLElement>('button[type="submit"]');
    next?.focus();
  }, [chipKeys]);
  const chipRow = <FilterChips chips={chips} onClear={clear} />;

  const buttons = (
    <Space>
      <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
        {t('action.search')}
      </Button>
      <Button
        onClick={() => {
          form.resetFields();
          search({});
          setOpen(false);
        }}
      >
        {t('action.reset')}
      </Button>
    </Space>
  );

  const body = (
    <Form
      form={form}
      layout={phone ? 'vertical' : 'inline'}
      onFinish={(values: Record<string, unknown>) => {
        if (timeZone !== undefined && typeof values.time_zone_id === 'number') useDictStore.getState().setTimeZoneId(values.time_zone_id);
        search(fromForm ? fromForm(values) : (values as Partial<F>));
        setOpen(false);
      }}
      style={phone ? undefined : { rowGap: 12 }}
      name={name}
      className={phone ? 'list-filters-phone' : undefined}
    >
      {children}
      <Form.Item>{buttons}</Form.Item>
    </Form>
  );

  if (!phone) {
    return (
      <Card ref={card}>
        {body}
        {chipRow}
      </Card>
    );
  }
  return (
    <Card size="small" className="list-filters-bar" ref={card}>
      <Flex align="center" gap={8}>
        <Badge count={activeCount ?? 0} size="small">
          <Button icon={<FilterOutlined />} onClick={() => setOpen(true)} data-testid="filters-open">
            {t('components:list.filters')}
          </Button>
        </Badge>
        <div className="list-filters-summary">{summary}</div>
      </Flex>
      {chipRow}
      <Drawer open={open} onClose={() => setOpen(false)} placement="bottom" size="85%" title={t('components:list.filters')} forceRender destroyOnHidden={false}>
        {body}
      </Drawer>
    </Card>
  );
}
