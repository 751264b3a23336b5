import type { ReactNode } from 'react';
import { ScrollArea } from '../../shared/ui/scroll-area.tsx';

/** A plain full-height column. */
export function PlainLayout({ children, reachBottom }: { children: ReactNode; reachBottom?: number }) {
  return (
    <div className="layout layout-plain">
      <ScrollArea reachBottom={reachBottom}>{children}</ScrollArea>
    </div>
  );
}
