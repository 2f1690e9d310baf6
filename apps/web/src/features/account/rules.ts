import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { MIN_PASSWORD_LENGTH } from '../../lib/password';

/** Client-side mirrors of the contract's account rules, with messages in the current language. */
export const ACCOUNT_RE = /^[A-Za-z0-9_.@-]{3,32}$/;
export const PHONE_RE = /^\+?[0-9]{6,20}$/;

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
