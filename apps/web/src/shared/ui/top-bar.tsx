import type { ReactNode } from 'react';
import { Logo } from './logo.tsx';

/**
 * The one top bar of the app (the default layout's and the home tab's): the logo on a tab page, a
 * back button elsewhere, then what the page puts in it (tools, the home search).
 */
export function TopBar({ start = <Logo />, children }: { start?: ReactNode; children?: ReactNode }) {
  return (
    <header className="top-bar">
      {start}
      {children}
    </header>
  );
}
