import { type PointerEvent, useRef, useState } from 'react';

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
 * new order when it changed.
 */
export function useDragOrder(order: string[], setOrder: (next: string[]) => void, onDrop: (next: string[]) => void) {
  const drag = useRef<Drag | null>(null);
  const [dragging, setDragging] = useState<{ key: string; offset: number } | null>(null);

  const handleProps = (key: string) => ({
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      const row = event.currentTarget.closest('li');
      if (!row) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = {
        key,
        from: order.indexOf(key),
        startY: event.clientY,
        height: row.getBoundingClientRect().height,
        snapshot: order,
      };
      setDragging({ key, offset: 0 });
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const current = drag.current;
      if (!current) return;
      const dy = event.clientY - current.startY;
      const to = Math.max(0, Math.min(current.snapshot.length - 1, current.from + Math.round(dy / current.height)));
      setOrder(moveTo(current.snapshot, current.key, to));
      setDragging({ key: current.key, offset: dy - (to - current.from) * current.height });
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => finish(event, true),
    onPointerCancel: (event: PointerEvent<HTMLElement>) => finish(event, false),
  });

  function finish(event: PointerEvent<HTMLElement>, drop: boolean) {
    const current = drag.current;
    drag.current = null;
    setDragging(null);
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
    if (!current) return;
    if (!drop) {
      setOrder(current.snapshot);
      return;
    }
    const dy = event.clientY - current.startY;
    const to = Math.max(0, Math.min(current.snapshot.length - 1, current.from + Math.round(dy / current.height)));
    const next = moveTo(current.snapshot, current.key, to);
    setOrder(next);
    if (to !== current.from) onDrop(next);
  }

  return { dragging, handleProps };
}
