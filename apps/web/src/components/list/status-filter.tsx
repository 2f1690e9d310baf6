import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Select } from 'antd';

/**
 * The status filter of a list: all, enabled (1) or disabled (2), the statuses of every managed
 * record (docs/product.md, "Management rules"). A Form.Item named `status`, for ListFilters.
 */
export function StatusFilter({ label, width = 160 }: { label?: ReactNode; width?: number }) {
  const { t } = useTranslation('components');
  return (
    <Form.Item name="status" label={label ?? t('list.status.label')}>
      <Select
        allowClear
        placeholder={t('list.status.all')}
        style={{ width }}
        options={[
          { value: 1, label: t('list.status.1') },
          { value: 2, label: t('list.status.2') },
        ]}
      />
    </Form.Item>
  );
}
