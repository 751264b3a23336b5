import { act, fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useReachBottom } from '../page.ts';
import { ScrollArea } from './scroll-area.tsx';

function List({ onReachBottom }: { onReachBottom: () => void }) {
  useReachBottom(onReachBottom);
  return <div style={{ height: 2000 }} />;
}

/** happy-dom does no layout, so the test sets the sizes the browser would measure. */
function size(element: HTMLElement, scrollTop: number) {
  Object.defineProperty(element, 'scrollHeight', { configurable: true, value: 2000 });
  Object.defineProperty(element, 'clientHeight', { configurable: true, value: 800 });
  element.scrollTop = scrollTop;
}

describe('ScrollArea', () => {
  it('reports reaching the bottom once within the distance, again after leaving it', () => {
    const onReachBottom = vi.fn();
    const { getByTestId } = render(
      <ScrollArea reachBottom={50}>
        <List onReachBottom={onReachBottom} />
      </ScrollArea>,
    );
    const area = getByTestId('scroll-area');
    act(() => {
      size(area, 1149);
      fireEvent.scroll(area);
    });
    expect(onReachBottom).not.toHaveBeenCalled();
    act(() => {
      size(area, 1150);
      fireEvent.scroll(area);
      size(area, 1180);
      fireEvent.scroll(area);
    });
    expect(onReachBottom).toHaveBeenCalledTimes(1);
    act(() => {
      size(area, 100);
      fireEvent.scroll(area);
      size(area, 1200);
      fireEvent.scroll(area);
    });
    expect(onReachBottom).toHaveBeenCalledTimes(2);
  });
});
