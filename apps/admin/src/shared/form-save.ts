import { useMutation } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmAction } from './confirm.ts';
import { useSubmitValidation } from './validation.ts';

/**
 * A product form's save (docs/admin.md): checked on submit, then on every change; asked first;
 * `done` once the server has saved it.
 */
export function useFormSave<Values>(
  form: FormInstance<Values>,
  save: (values: Values) => Promise<unknown>,
  done: () => void,
) {
  const { t } = useTranslation();
  const validation = useSubmitValidation();
  const mutation = useMutation({ mutationFn: save, onSuccess: done });
  const submit = async () => {
    validation.onSubmitCapture();
    const values = await form.validateFields().catch(() => undefined);
    if (values) void confirmAction({ title: t('common.confirmSave'), onOk: () => mutation.mutateAsync(values) });
  };
  return { submit, validateTrigger: validation.validateTrigger };
}
