import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';

type Drag = { key: string; from: number; startY: number; height: number; snapshot: string[] };

/** Moves `key` to `to` in a copy of `list`. */
export function moveTo(list: string[], key: string, to: number): string[] {
  const rest = list.filter((item) => item !== key);
  rest.splice(Math.max(0, Math.min(to, rest.length)), 0, key);
  return rest;
}

/**
 * Drag to reorder by pointer (mouse, touch or pen): a row's handle starts the drag, the row
 * follows the pointer and the list reorders whenever it passes half a row. `onDrop` gets the
 * new order when it changed. The pointer is followed on the window, since a row that moves in
 * the list loses any pointer capture.
 */
export function useDragOrder(order: string[], setOrder: (next: string[]) => void, onDrop: (next: string[]) => void) {
  const [dragging, setDragging] = useState<{ key: string; offset: number } | null>(null);
  const latest = useRef({ setOrder, onDrop });
  latest.current = { setOrder, onDrop };
  const stop = useRef<() => void>(undefined);
  useEffect(() => () => stop.current?.(), []);

  const start = (key: string, event: ReactPointerEvent<HTMLElement>) => {
    const row = event.currentTarget.closest('li');
    if (!row || event.button > 0) return;
    event.preventDefault();
    stop.current?.();
    const drag: Drag = {
      key,
      from: order.indexOf(key),
      startY: event.clientY,
      height: row.getBoundingClientRect().height,
      snapshot: order,
    };
    const target = (clientY: number) => {
      const dy = clientY - drag.startY;
      const to = Math.max(0, Math.min(drag.snapshot.length - 1, drag.from + Math.round(dy / drag.height)));
      return { dy, to, next: moveTo(drag.snapshot, drag.key, to) };
    };
    const move = (moveEvent: PointerEvent) => {
      const { dy, to, next } = target(moveEvent.clientY);
      latest.current.setOrder(next);
      setDragging({ key, offset: dy - (to - drag.from) * drag.height });
    };
    const end = (endEvent: PointerEvent) => {
      remove();
      setDragging(null);
      if (endEvent.type === 'pointercancel') {
        latest.current.setOrder(drag.snapshot);
        return;
      }
      const { to, next } = target(endEvent.clientY);
      latest.current.setOrder(next);
      if (to !== drag.from) latest.current.onDrop(next);
    };
    const remove = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
      stop.current = undefined;
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    stop.current = remove;
    setDragging({ key, offset: 0 });
  };

  const handleProps = (key: string) => ({
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => start(key, event),
  });

  return { dragging, handleProps };
}
