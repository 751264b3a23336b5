// Named constants the web's first load needs live apart from the zod schemas: a module is bundled
// whole once one export is used, and market.ts would bring zod into the home route.

/** A market's (or an index's) session state now. */
export const sessionStates = { open: 'open', break: 'break', closed: 'closed' } as const;
export type SessionState = (typeof sessionStates)[keyof typeof sessionStates];
