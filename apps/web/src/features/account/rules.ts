import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { MIN_PASSWORD_LENGTH } from '../../lib/password';

/**
 * The typed password's rules, with messages in the current language. The contract checks only the
 * hash the call carries, so these cannot come from its schema; the other fields use zodRule.
 */
export const passwordRules = (t: TFunction<'account'>): Rule[] => [
  { required: true, message: t('rule.password') },
  { min: MIN_PASSWORD_LENGTH, message: t('rule.passwordMin') },
];

export const confirmRules = (t: TFunction<'account'>, field = 'password'): Rule[] => [
  { required: true, message: t('rule.confirmPassword') },
  ({ getFieldValue }) => ({
    validator: (_, value: string) =>
      !value || getFieldValue(field) === value ? Promise.resolve() : Promise.reject(new Error(t('rule.passwordMismatch'))),
  }),
];
