import { Switch as MobileSwitch, type SwitchProps } from 'antd-mobile';
import { useEffect, useRef } from 'react';

/**
 * antd-mobile's Switch, reachable by keyboard: its element with `role="switch"` (which has the
 * label and state) takes focus unless disabled, and Space or Enter turns it like a tap. antd-mobile
 * passes no `tabIndex` through, so it is set on the rendered element.
 */
export function Switch(props: SwitchProps) {
  const box = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const element = box.current?.querySelector<HTMLElement>('[role="switch"]');
    if (!element) return;
    element.tabIndex = props.disabled ? -1 : 0;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== ' ' && event.key !== 'Enter') return;
      event.preventDefault();
      element.click();
    };
    element.addEventListener('keydown', onKey);
    return () => element.removeEventListener('keydown', onKey);
  }, [props.disabled]);
  return (
    <span ref={box} style={{ display: 'contents' }}>
      <MobileSwitch {...props} />
    </span>
  );
}
