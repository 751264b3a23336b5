import type { ModalFuncProps } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';
import { t } from './i18n.ts';

let modal: HookAPI | undefined;

export function setModal(instance: HookAPI): void {
  modal = instance;
}

/**
 * Every decision asks first (docs/admin.md): resolves true when the operator confirms. `onOk`
 * may run the call, so the dialog stays open with a spinner until it answers. A refused call
 * closes it too: the request client has already shown why, and a rejection handed back to antd
 * would surface as an uncaught promise rejection.
 */
export function confirmAction(props: ModalFuncProps & { onOk?: () => Promise<unknown> }): Promise<boolean> {
  return new Promise((resolve) => {
    if (!modal) {
      resolve(false);
      return;
    }
    void modal.confirm({
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      ...props,
      onOk: async () => {
        try {
          await props.onOk?.();
          resolve(true);
        } catch {
          resolve(false);
        }
      },
      onCancel: () => resolve(false),
    });
  });
}
