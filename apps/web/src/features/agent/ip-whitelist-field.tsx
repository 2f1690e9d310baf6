import { useTranslation } from 'react-i18next';
import { Button, Flex, Form, Input, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { agent } from '@console/contract';
import { zodRule } from '../../components/form-dialog';

/**
 * The IP whitelist as a list of inputs, one address or CIDR block each, every entry checked by the
 * contract's own rule as it is typed; at most MAX_IP_WHITELIST entries.
 */
export function IpWhitelistField({ name = 'ip_whitelist' }: { name?: string }) {
  const { t } = useTranslation('agent');
  return (
    <Form.Item label={t('field.ipWhitelist')} extra={t('hint.ipWhitelist', { max: agent.MAX_IP_WHITELIST })}>
      <Form.List name={name}>
        {(fields, { add, remove }) => (
          <Space orientation="vertical" style={{ width: '100%' }} size={8}>
            {fields.length === 0 && <Typography.Text type="secondary">{t('hint.ipWhitelistEmpty')}</Typography.Text>}
            {fields.map((field, index) => (
              // Each entry is a field of its own, so its error shows under it, not under the list.
              <Flex key={field.key} gap={8} align="start" className="ip-whitelist-entry">
                <Form.Item
                  name={field.name}
                  style={{ flex: 1, marginBottom: 0 }}
                  validateTrigger={['onChange', 'onBlur']}
                  rules={[zodRule(agent.ipEntrySchema, { required: t('rule.ipRequired'), invalid: t('rule.ipFormat') })]}
                >
                  <Input placeholder="10.0.0.0/8 · 203.0.113.7 · 2001:db8::/32" aria-label={t('field.ipEntry', { n: index + 1 })} />
                </Form.Item>
                <Button icon={<DeleteOutlined />} aria-label={t('action.removeIp')} onClick={() => remove(field.name)} />
              </Flex>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')} disabled={fields.length >= agent.MAX_IP_WHITELIST} block>
              {t('action.addIp')}
            </Button>
          </Space>
        )}
      </Form.List>
    </Form.Item>
  );
}
