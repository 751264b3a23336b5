import type { ReactNode } from 'react';

/** A bare pass-through. */
export function DemoLayout({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
