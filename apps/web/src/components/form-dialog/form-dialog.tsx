import { type ReactNode, type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Form, type FormInstance, Modal } from 'antd';
import { useSubmitLock } from '../../lib/use-submit-lock';

/** A part of the dialog that may need this opening's form (to read or set fields). */
type WithForm<V> = ReactNode | ((form: FormInstance<V>) => ReactNode);

export interface FormDialogProps<V> {
  open: boolean;
  /**
   * The record the dialog acts on ('new', a row's id…), when it can change while the dialog stays
   * open (a "new" dialog that turns into the edit of an existing row): a change starts a new
   * opening, with a fresh form, exactly as closing and opening again does.
   */
  record?: string | number;
  title: ReactNode;
  /** The form's name: fields get ids `<name>_<field>`, which their labels point at. */
  name: string;
  /**
   * Sends the values. Resolves: the dialog says `successMessage` and closes. Throws: it stays
   * open for a fix (the API client has already said why). The list refreshes through the
   * mutation's own invalidation of its query (features' api.ts).
   */
  onSubmit: (values: V, form: FormInstance<V>) => Promise<unknown>;
  onClose: () => void;
  successMessage?: ReactNode;
  initialValues?: Partial<V>;
  okText?: ReactNode;
  width?: number;
  /** Shown above the fields (a hint, a warning). */
  intro?: WithForm<V>;
  /**
   * The fields (Form.Items). A field that depends on another reads it with `Form.useWatch(name)`
   * in a component of its own: the form is this opening's, so it is not at hand before it opens.
   */
  children: WithForm<V>;
}

/**
 * A dialog around one form: vertical fields, Enter submits, a submit is sent once however often
 * Enter or OK is pressed while it is in flight (useSubmitLock), success closes the dialog.
 *
 * Every opening gets a form of its own, started from that opening's `initialValues`: a form kept
 * from one opening to the next keeps the values it held (antd merges new initial values under
 * them), and a dialog opened on a second row would then show, and save, the first row's values.
 * So no screen holds the form instance or keys its dialog by hand.
 */
export function FormDialog<V extends object>({
  open,
  record,
  title,
  name,
  onSubmit,
  onClose,
  successMessage,
  initialValues,
  okText,
  width,
  intro,
  children,
}: FormDialogProps<V>) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const opening = useOpening(open, record);
  const current = useRef<FormInstance<V> | null>(null);
  const { submit, submitting } = useSubmitLock(async (values: V) => {
    try {
      await onSubmit(values, current.current!);
    } catch {
      return;
    }
    if (successMessage) message.success(successMessage);
    onClose();
  });

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => current.current?.submit()}
      okText={okText ?? t('action.save')}
      cancelText={t('action.cancel')}
      confirmLoading={submitting}
      destroyOnHidden
      width={width}
    >
      <OpeningForm<V> key={opening} formRef={current} name={name} initialValues={initialValues} onFinish={submit} intro={intro}>
        {children}
      </OpeningForm>
    </Modal>
  );
}

/** A number that changes each time a dialog opens, or turns to another record while open: a key for its contents. */
export function useOpening(open: boolean, record: string | number | undefined): number {
  const [state, setState] = useState({ open, record, opening: 0 });
  if (state.open !== open || (open && state.record !== record)) {
    const next = { open, record, opening: open ? state.opening + 1 : state.opening };
    setState(next);
    return next.opening;
  }
  return state.opening;
}

function OpeningForm<V extends object>({
  formRef,
  name,
  initialValues,
  onFinish,
  intro,
  children,
}: {
  formRef: RefObject<FormInstance<V> | null>;
  name: string;
  initialValues?: Partial<V>;
  onFinish: (values: V) => Promise<void>;
  intro?: WithForm<V>;
  children: WithForm<V>;
}) {
  const [form] = Form.useForm<V>();
  formRef.current = form;
  const show = (part: WithForm<V>) => (typeof part === 'function' ? part(form) : part);
  return (
    <>
      {show(intro)}
      <Form<V> form={form} name={name} layout="vertical" initialValues={initialValues} onFinish={onFinish} autoComplete="off" style={intro ? undefined : { marginTop: 16 }}>
        {/* Enter in any field submits, as the browser clicks a form's submit button. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
        {show(children)}
      </Form>
    </>
  );
}
