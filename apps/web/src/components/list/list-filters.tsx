import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Card, Drawer, Flex, Form, Grid, Space } from 'antd';
import { FilterOutlined, SearchOutlined } from '@ant-design/icons';
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
}

/**
 * The filter bar of a list screen: the fields, Search and Reset. It shows the filters in effect
 * (from the URL or what the screen remembered); Search applies the fields from the first page,
 * Reset clears them. Enter in a field searches.
 */
export function ListFilters<F extends object>({ list, name, children, toForm, fromForm, phoneDrawer, summary, activeCount }: ListFiltersProps<F>) {
  const { t } = useTranslation('common');
  const [form] = Form.useForm();
  const { filters, setFilters } = list;
  const screens = Grid.useBreakpoint();
  // Only once the breakpoints are known (false, not undefined): a desktop never flashes the phone's bar.
  const phone = !!phoneDrawer && screens.md === false;
  const [open, setOpen] = useState(false);

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toForm ? toForm(filters) : (filters as Record<string, unknown>));
  }, [form, filters, toForm]);

  const buttons = (
    <Space>
      <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
        {t('action.search')}
      </Button>
      <Button
        onClick={() => {
          form.resetFields();
          setFilters({});
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
        setFilters(fromForm ? fromForm(values) : (values as Partial<F>));
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

  if (!phone) return <Card>{body}</Card>;
  return (
    <Card size="small" className="list-filters-bar">
      <Flex align="center" gap={8}>
        <Badge count={activeCount ?? 0} size="small">
          <Button icon={<FilterOutlined />} onClick={() => setOpen(true)} data-testid="filters-open">
            {t('components:list.filters')}
          </Button>
        </Badge>
        <div className="list-filters-summary">{summary}</div>
      </Flex>
      <Drawer open={open} onClose={() => setOpen(false)} placement="bottom" size="85%" title={t('components:list.filters')} forceRender destroyOnHidden={false}>
        {body}
      </Drawer>
    </Card>
  );
}
