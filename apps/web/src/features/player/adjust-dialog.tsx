import { useState } from 'react';
import { useOpening } from '../../components/form-dialog';
import { useTranslation } from 'react-i18next';
import { Alert, App, Descriptions, Form, Input, Modal, Typography } from 'antd';
import { formatMoney, parseMoney, player } from '@console/contract';
import { useCurrencies } from '../../components/dict-select';
import { zodRule } from '../../components/form-dialog';
import { Money, useCurrencyDecimals } from '../../components/money';
import { formatAmount } from '../../lib/format';
import { useSubmitLock } from '../../lib/use-submit-lock';
import { useWalletAdjust } from './api';
import { exactDecimals, typedDecimals, typedUnits } from './format';
import type { AdjustDone } from './adjust-result';

export interface AdjustTarget {
  wallet: player.WalletItem;
  direction: 'credit' | 'debit';
}

interface Values {
  amount: string;
  remark: string;
  typed?: string;
}

/** A request id for one opening of the dialog: a double click or a retry sends the same one, so the money moves once. */
function newRequestId(): string {
  const c = globalThis.crypto;
  if (c && 'randomUUID' in c) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * Credit or debit one wallet. The balance before and after follow the amount as it is typed; a
 * remark is required; a second step repeats the amounts and asks for the amount to be typed
 * again before the money moves. The request id is made when the dialog opens and kept for its
 * retries, so the server moves the money once however often it is sent. `onAdjusted` hears of a
 * movement that went through (AdjustResult shows it with the link to its ledger entry).
 */
type AdjustDialogProps = { target: AdjustTarget | null; onClose: () => void; onAdjusted?: (done: AdjustDone) => void };

/**
 * Each opening is a dialog of its own (a fresh form, step and request id): an amount typed for one
 * wallet and cancelled never shows, or is sent, for the next wallet the dialog opens on.
 */
export function AdjustDialog(props: AdjustDialogProps) {
  const opening = useOpening(!!props.target, undefined);
  return props.target ? <OpenAdjustDialog key={opening} {...props} /> : null;
}

function OpenAdjustDialog({ target, onClose, onAdjusted }: AdjustDialogProps) {
  const { t } = useTranslation('player');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const decimalsOf = useCurrencyDecimals();
  const adjust = useWalletAdjust();
  // Made once per opening (AdjustDialog mounts this anew each time it opens) and kept for its retries.
  const [requestId] = useState(newRequestId);
  const amount = Form.useWatch('amount', form);
  const units = typedUnits(amount);
  const wallet = target?.wallet;
  const before = wallet ? parseMoney(wallet.balance) : 0n;
  const sign = target?.direction === 'debit' ? -1n : 1n;
  const after = units === null ? null : before + sign * units;
  const beyond = after !== null && after < 0n;
  const currencyDecimals = decimalsOf(wallet?.currency_id);
  const currencyKnown = useCurrencies().some((c) => c.id === wallet?.currency_id);
  // The server refuses an amount finer than the currency takes; the form says so first.
  const finer = (text: string | undefined) => currencyKnown && typedDecimals(text) > currencyDecimals;
  const tooFine = units !== null && finer(amount);
  // The balances in the currency's decimals, or more where they have finer digits: a confirmation never rounds.
  const decimals = exactDecimals(currencyDecimals, before, after ?? 0n);
  // The amount in the currency's decimals, whatever digits the balance has (finer only while typed finer than the currency takes).
  const amountDecimals = exactDecimals(currencyDecimals, units ?? 0n);

  const { submit, submitting } = useSubmitLock(async (values: Values) => {
    // From the submitted values, not the watched ones: a submit can come before the next render.
    const units = typedUnits(values.amount);
    if (!target || units === null || before + sign * units < 0n || finer(values.amount)) return;
    if (step === 'form') {
      setStep('confirm');
      return;
    }
    let answer;
    try {
      answer = await adjust.mutateAsync({
        player_id: target.wallet.player_id,
        currency_id: target.wallet.currency_id,
        direction: target.direction,
        amount: formatMoney(units),
        remark: values.remark.trim(),
        request_id: requestId,
      });
    } catch {
      // The API client has said why (A0420 insufficient balance…); the dialog stays for a fix.
      setStep('form');
      return;
    }
    message.success(t('toast.adjusted', { balance: `${formatAmount(answer.balance_after, exactDecimals(currencyDecimals, parseMoney(answer.balance_after)))} ${target.wallet.currency_code}` }));
    onAdjusted?.({ wallet: target.wallet, direction: target.direction, amount: formatMoney(units), requestId, ledgerId: answer.ledger_id, balanceAfter: answer.balance_after });
    onClose();
  });

  if (!target || !wallet) return null;
  const directionText = t(`wallet.${target.direction}`);
  // The one money format (lib/format.ts), with the decimals that keep every amount of the dialog exact.
  const shown = (v: bigint | null, places = decimals) => (v === null ? '-' : formatAmount(formatMoney(v), places));
  const withCode = (v: bigint, places = decimals) => `${shown(v, places)} ${wallet.currency_code}`;
  const shownAmount = (v: bigint) => shown(v, amountDecimals);

  return (
    <Modal
      open
      title={t(`adjust.title.${target.direction}`, { account: wallet.player_account, currency: wallet.currency_code })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={step === 'form' || units === null ? t('adjust.submit') : t(`adjust.ok.${target.direction}`, { amount: withCode(units, amountDecimals) })}
      okButtonProps={{ danger: target.direction === 'debit' && step === 'confirm', disabled: units === null || beyond || tooFine }}
      cancelText={t('common:action.cancel')}
      confirmLoading={submitting}
      destroyOnHidden
      data-testid="adjust-dialog"
    >
      <Form<Values> form={form} name="adjust" layout="vertical" onFinish={submit} autoComplete="off" style={{ marginTop: 16 }}>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
        <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('adjust.before')}>
            <Money value={wallet.balance} decimals={decimals} currency={wallet.currency_id} showCode />
          </Descriptions.Item>
          <Descriptions.Item label={t('adjust.after')}>
            <span data-testid="adjust-after" className={after !== null && after < 0n ? 'num num-negative' : 'num'}>
              {shown(after)}
            </span>
          </Descriptions.Item>
        </Descriptions>
        <div style={{ display: step === 'form' ? undefined : 'none' }}>
          <Form.Item
            name="amount"
            label={t('adjust.amount')}
            required
            validateStatus={beyond || tooFine ? 'error' : undefined}
            help={beyond ? t('adjust.beyond') : tooFine ? t('adjust.tooFine', { currency: wallet.currency_code, places: currencyDecimals }) : undefined}
            rules={[zodRule(player.positiveMoneySchema)]}
          >
            <Input inputMode="decimal" placeholder={t('adjust.amountPlaceholder')} suffix={wallet.currency_code} maxLength={20} autoFocus />
          </Form.Item>
          <Form.Item name="remark" label={t('adjust.remark')} required rules={[zodRule(player.adjustRemarkSchema)]}>
            <Input.TextArea rows={2} maxLength={255} showCount placeholder={t('adjust.remarkPlaceholder')} />
          </Form.Item>
        </div>
        {step === 'confirm' && units !== null && after !== null && (
          <>
            <Alert
              type={target.direction === 'debit' ? 'warning' : 'info'}
              showIcon
              style={{ marginBottom: 16 }}
              message={t('adjust.confirmTitle')}
              description={t('adjust.confirmText', {
                direction: directionText,
                amount: withCode(units, amountDecimals),
                account: wallet.player_account,
                before: withCode(before),
                after: withCode(after),
              })}
            />
            <Form.Item
              name="typed"
              label={t('adjust.typeToConfirm', { amount: shownAmount(units) })}
              rules={[
                {
                  validator: (_, v: string | undefined) => {
                    const typed = (v ?? '').replace(/,/g, '').trim();
                    return typedUnits(typed) === units ? Promise.resolve() : Promise.reject(new Error(t('adjust.mismatch', { amount: shownAmount(units) })));
                  },
                },
              ]}
            >
              <Input inputMode="decimal" autoFocus maxLength={24} placeholder={t('adjust.typed')} />
            </Form.Item>
          </>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('adjust.requestId')}: <span data-testid="adjust-request-id">{requestId}</span>
        </Typography.Text>
      </Form>
    </Modal>
  );
}
