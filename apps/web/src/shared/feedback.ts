import { Dialog, Toast } from 'antd-mobile';
import { toastDuration } from './constants.ts';
import { i18n } from './i18n.ts';

/** SPEC section 9: toasts last 1,500 ms unless told otherwise. */
export function toast(content: string, duration: number = toastDuration): void {
  Toast.show({ content, duration });
}

/** The loading toast stays until hidden. */
export function showLoading(content = i18n.t('shell.loading')): void {
  Toast.show({ icon: 'loading', content, duration: 0, maskClickable: false });
}

export function hideLoading(): void {
  Toast.clear();
}

export type ConfirmOptions = { title?: string; content: string; confirmText?: string; cancelText?: string };

/** A modal with confirm and cancel; resolves true on confirm. The default texts follow the locale. */
export function confirm({ title, content, confirmText, cancelText }: ConfirmOptions): Promise<boolean> {
  return Dialog.confirm({
    title,
    content,
    confirmText: confirmText ?? i18n.t('shell.confirm'),
    cancelText: cancelText ?? i18n.t('shell.cancel'),
  });
}

/** A modal with a single confirm button. */
export function alert({ title, content, confirmText }: Omit<ConfirmOptions, 'cancelText'>): Promise<void> {
  return Dialog.alert({ title, content, confirmText: confirmText ?? i18n.t('shell.confirm') });
}
