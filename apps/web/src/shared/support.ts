/** Pages open the layout's customer-service panel by this window event (the layout listens). */
export const openSupportEvent = 'soar:open-support';

export function openSupport(): void {
  window.dispatchEvent(new Event(openSupportEvent));
}
