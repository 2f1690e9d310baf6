export { FormDialog, type FormDialogProps, useOpening } from './form-dialog';
export { type ConfirmOptions, useConfirm } from './use-confirm';
export { zodIssueText, zodRule, type ZodRuleMessages } from './zod-rule';
export { useDialogTarget } from './use-dialog-target';
