import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** The member's profile as `GET member/profile` answers it; the accounts work types it fully. */
export type UserInfo = Record<string, unknown>;

type SessionState = {
  token: string | undefined;
  userInfo: UserInfo | undefined;
  isLogined: boolean;
  login: (token: string, userInfo?: UserInfo) => void;
  setUserInfo: (userInfo: UserInfo) => void;
  /** Clears the token and user info; `logout()` in session.ts also goes to the login page. */
  clear: () => void;
};

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      token: undefined,
      userInfo: undefined,
      isLogined: false,
      login: (token, userInfo) => set({ token, userInfo, isLogined: true }),
      setUserInfo: (userInfo) => set({ userInfo }),
      clear: () => set({ token: undefined, userInfo: undefined, isLogined: false }),
    }),
    { name: 'soar-session' },
  ),
);
