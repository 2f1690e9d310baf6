import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Form, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { ListState } from './use-list-state';

export interface ListFiltersProps<F> {
  list: Pick<ListState<F, string>, 'filters' | 'setFilters'>;
  /** The form's name: fields get ids `<name>_<field>`, which their labels point at. */
  name: string;
  /** The filter fields (Form.Items named after the list call's filters). */
  children: ReactNode;
}

/**
 * The filter bar of a list screen: the fields, Search and Reset. It shows the filters in effect
 * (from the URL or what the screen remembered); Search applies the fields from the first page,
 * Reset clears them. Enter in a field searches.
 */
export function ListFilters<F extends object>({ list, name, children }: ListFiltersProps<F>) {
  const { t } = useTranslation('common');
  const [form] = Form.useForm<F>();
  const { filters, setFilters } = list;

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(filters as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, filters]);

  return (
    <Card>
      <Form<F> form={form} layout="inline" onFinish={(values) => setFilters(values)} style={{ rowGap: 12 }} name={name}>
        {children}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('action.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setFilters({});
              }}
            >
              {t('action.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
