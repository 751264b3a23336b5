import { createContext, useContext, useEffect, useRef } from 'react';

/** docs/product.md section 2: pages receive their query parameters as props. */
export type PageProps = { query: Record<string, string> };

/** Whether the page is the one on screen (a kept-alive tab page may be hidden). */
export const PageActiveContext = createContext(true);
export const usePageActive = () => useContext(PageActiveContext);

type ReachBottom = { register: (callback: () => void) => () => void };
export const ReachBottomContext = createContext<ReachBottom | undefined>(undefined);

/**
 * Calls `callback` when the page's scroll area comes within the route's reach-bottom distance
 * of its end (the markets page: 50 px), for infinite lists.
 */
export function useReachBottom(callback: () => void): void {
  const context = useContext(ReachBottomContext);
  const latest = useRef(callback);
  latest.current = callback;
  useEffect(() => context?.register(() => latest.current()), [context]);
}
