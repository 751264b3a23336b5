import { type ReactNode, useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { ReachBottomContext, usePageActive } from '../page.ts';

/**
 * The scrolling body of a page. It remembers its scroll position, so a kept-alive tab page
 * comes back where the user left it, and reports reaching the bottom to `useReachBottom`.
 */
export function ScrollArea({ children, reachBottom }: { children: ReactNode; reachBottom?: number }) {
  const active = usePageActive();
  const element = useRef<HTMLDivElement>(null);
  const position = useRef(0);
  const listeners = useRef(new Set<() => void>());
  const reached = useRef(false);

  // Writing scrollTop makes the browser lay the page out at once; a page at the top (every page
  // when it first mounts) is already where it should be (docs/performance.md, bench:web).
  useLayoutEffect(() => {
    if (active && element.current && position.current > 0) element.current.scrollTop = position.current;
  }, [active]);

  const onScroll = useCallback(() => {
    const area = element.current;
    if (!area || !active) return;
    position.current = area.scrollTop;
    if (reachBottom === undefined) return;
    const near = area.scrollHeight - area.scrollTop - area.clientHeight <= reachBottom;
    if (near && !reached.current) for (const listener of listeners.current) listener();
    reached.current = near;
  }, [active, reachBottom]);

  const context = useMemo(
    () => ({
      register: (callback: () => void) => {
        listeners.current.add(callback);
        return () => listeners.current.delete(callback);
      },
    }),
    [],
  );

  return (
    <ReachBottomContext.Provider value={context}>
      <div className="scroll-area" ref={element} onScroll={onScroll} data-testid="scroll-area">
        {children}
      </div>
    </ReachBottomContext.Provider>
  );
}
