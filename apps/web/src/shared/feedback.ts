import { toastDuration } from './constants.ts';
import { i18n } from './i18n.ts';

/**
 * Toasts and modals in plain DOM: they are called from anywhere (the request client too), need
 * no React tree, and keep antd-mobile's animation library out of the first load.
 */
let toastLayer: HTMLElement | undefined;

function layer(): HTMLElement {
  if (!toastLayer?.isConnected) {
    toastLayer = document.createElement('div');
    toastLayer.className = 'toast-layer';
    toastLayer.setAttribute('role', 'status');
    toastLayer.setAttribute('aria-live', 'polite');
    document.body.append(toastLayer);
  }
  return toastLayer;
}

/** docs/product.md section 9: toasts last 1,500 ms unless told otherwise; several stack. */
export function toast(content: string, duration: number = toastDuration): void {
  const item = document.createElement('div');
  item.className = 'toast';
  item.textContent = content;
  layer().append(item);
  setTimeout(() => item.remove(), duration);
}

let loadingCount = 0;
let loadingElement: HTMLElement | undefined;

/** The loading toast stays until hidden; nested calls share one. */
export function showLoading(content = i18n.t('shell.loading')): void {
  loadingCount += 1;
  if (loadingElement) return;
  loadingElement = document.createElement('div');
  loadingElement.className = 'toast-mask';
  loadingElement.innerHTML = '<div class="toast toast-loading"><span class="spinner-ring"></span><span></span></div>';
  const label = loadingElement.querySelector('span:last-child');
  if (label) label.textContent = content;
  document.body.append(loadingElement);
}

export function hideLoading(): void {
  loadingCount = Math.max(0, loadingCount - 1);
  if (loadingCount > 0) return;
  loadingElement?.remove();
  loadingElement = undefined;
}

/** The modals on screen, each with what closes it as cancelled. */
const openDialogs = new Set<() => void>();

/**
 * Closes every modal as cancelled. The app calls it on every navigation (`app/root.tsx`), so a
 * confirmation never follows the member to another page (docs/web.md, "Overlays").
 */
export function closeDialogs(): void {
  for (const close of [...openDialogs]) close();
}

export type ConfirmOptions = { title?: string; content: string; confirmText?: string; cancelText?: string | null };

/**
 * A modal with confirm and cancel; resolves true on confirm. The default texts follow the locale
 * (the spec's Chinese '确定' is the zh-CN text). `cancelText: null` leaves only confirm.
 */
export function confirm({ title, content, confirmText, cancelText }: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const root = document.createElement('div');
    root.className = 'modal-root';
    const dialog = document.createElement('div');
    dialog.className = 'modal';
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    if (title) {
      const heading = document.createElement('h2');
      heading.className = 'modal-title';
      heading.textContent = title;
      dialog.append(heading);
    }
    const body = document.createElement('p');
    body.className = 'modal-content';
    body.textContent = content;
    const actions = document.createElement('div');
    actions.className = 'modal-actions';
    const close = (answer: boolean) => {
      openDialogs.delete(cancel);
      root.remove();
      resolve(answer);
    };
    const cancel = () => close(false);
    openDialogs.add(cancel);
    const button = (text: string, answer: boolean, className: string) => {
      const element = document.createElement('button');
      element.type = 'button';
      element.className = className;
      element.textContent = text;
      element.addEventListener('click', () => close(answer));
      actions.append(element);
      return element;
    };
    if (cancelText !== null) button(cancelText ?? i18n.t('shell.cancel'), false, 'modal-button');
    const ok = button(confirmText ?? i18n.t('shell.confirm'), true, 'modal-button modal-confirm');
    dialog.append(body, actions);
    root.append(dialog);
    document.body.append(root);
    ok.focus();
  });
}

/** A modal with a single confirm button. */
export async function alert(options: Omit<ConfirmOptions, 'cancelText'>): Promise<void> {
  await confirm({ ...options, cancelText: null });
}
