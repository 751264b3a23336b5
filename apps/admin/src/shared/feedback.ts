import type { MessageInstance } from 'antd/es/message/interface';

/**
 * The antd message API of the mounted <App>, for code outside components (the request client's
 * error toasts). Set by `FeedbackBridge`.
 */
let messages: MessageInstance | undefined;

export function setMessages(instance: MessageInstance): void {
  messages = instance;
}

export function toastError(text: string, durationMs = 2000): void {
  void messages?.error(text, durationMs / 1000);
}

export function toastSuccess(text: string): void {
  void messages?.success(text, 2);
}
