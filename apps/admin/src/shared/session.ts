import type { ApiData } from '@soar/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export type OperatorInfo = ApiData<'GET /admin/me'>;

type SessionState = {
  token: string | undefined;
  operator: OperatorInfo | undefined;
  login(token: string, operator: OperatorInfo): void;
  setOperator(operator: OperatorInfo): void;
  clear(): void;
};

/** The operator's session, kept in localStorage apart from the member app's. */
export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: undefined,
      operator: undefined,
      login: (token, operator) => set({ token, operator }),
      setOperator: (operator) => set({ operator }),
      clear: () => set({ token: undefined, operator: undefined }),
    }),
    { name: 'soar-admin-session' },
  ),
);
