import { useCallback, useState } from 'react';

const storageKey = 'soar-recent-searches';
export const maxRecentSearches = 10;

function read(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** Puts a search first, once, keeping the newest ten. */
export function addRecent(list: string[], query: string): string[] {
  const text = query.trim();
  if (!text) return list;
  const lower = text.toLowerCase();
  return [text, ...list.filter((item) => item.toLowerCase() !== lower)].slice(0, maxRecentSearches);
}

/** Recent searches kept in localStorage (at most ten, newest first, clearable). */
export function useRecentSearches() {
  const [recent, setRecent] = useState(read);
  const save = useCallback((next: string[]) => {
    setRecent(next);
    if (next.length) localStorage.setItem(storageKey, JSON.stringify(next));
    else localStorage.removeItem(storageKey);
  }, []);
  const remember = useCallback((query: string) => save(addRecent(read(), query)), [save]);
  const clear = useCallback(() => save([]), [save]);
  return { recent, remember, clear };
}
