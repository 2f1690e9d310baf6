import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Form, type FormInstance, Modal } from 'antd';
import { useSubmitLock } from '../../lib/use-submit-lock';

export interface FormDialogProps<V> {
  open: boolean;
  title: ReactNode;
  /** The form's name: fields get ids `<name>_<field>`, which their labels point at. */
  name: string;
  /**
   * Sends the values. Resolves: the dialog says `successMessage` and closes. Throws: it stays
   * open for a fix (the API client has already said why). The list refreshes through the
   * mutation's own invalidation of its query (features' api.ts).
   */
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  successMessage?: ReactNode;
  /** The form instance, when the screen needs to read or set fields itself. */
  form?: FormInstance<V>;
  initialValues?: Partial<V>;
  okText?: ReactNode;
  width?: number;
  /** Shown above the fields (a hint, a warning). */
  intro?: ReactNode;
  /** The fields (Form.Items). */
  children: ReactNode;
}

/**
 * A dialog around one form: vertical fields, Enter submits, a submit is sent once however often
 * Enter or OK is pressed while it is in flight (useSubmitLock), success closes the dialog, and
 * the fields start from `initialValues` each time it opens.
 */
export function FormDialog<V extends object>({
  open,
  title,
  name,
  onSubmit,
  onClose,
  successMessage,
  form: given,
  initialValues,
  okText,
  width,
  intro,
  children,
}: FormDialogProps<V>) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const [own] = Form.useForm<V>();
  const form = given ?? own;
  const { submit, submitting } = useSubmitLock(async (values: V) => {
    try {
      await onSubmit(values);
    } catch {
      return;
    }
    if (successMessage) message.success(successMessage);
    onClose();
  });

  // Each opening starts from this opening's initialValues. A form instance outlives its fields,
  // and antd merges new initial values under the values it still holds, so without this a dialog
  // opened for a second row would show the first row's values.
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={okText ?? t('action.save')}
      cancelText={t('action.cancel')}
      confirmLoading={submitting}
      destroyOnHidden
      width={width}
    >
      {intro}
      <Form<V> form={form} name={name} layout="vertical" initialValues={initialValues} onFinish={submit} autoComplete="off" style={intro ? undefined : { marginTop: 16 }}>
        {/* Enter in any field submits, as the browser clicks a form's submit button. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
        {children}
      </Form>
    </Modal>
  );
}
