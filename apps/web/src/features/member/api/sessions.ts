import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client.ts';

export type MemberSession = {
  id: number;
  ip: string;
  userAgent: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
};
export type LoginAttempt = {
  time: string;
  ip: string;
  userAgent: string;
  result: 'success' | 'failed' | 'lockout' | 'locked';
};

/** `GET member/session/list`: live sessions newest first and the 20 latest login attempts. */
export const getSessions = () =>
  request<{ sessions: MemberSession[]; attempts: LoginAttempt[] }>({ url: 'member/session/list', loading: false });

export const sessionsQuery = () => queryOptions({ queryKey: ['member', 'sessions'], queryFn: getSessions });
export const useSessions = (enabled: boolean) => useQuery({ ...sessionsQuery(), enabled });

/** `POST member/session/revoke`: ends one live session of this member. */
export const revokeSession = (id: number) =>
  request<{ revoked: number }>({ url: 'member/session/revoke', method: 'POST', data: { id } });

/** `POST member/session/revoke-all`: every session, this one included. */
export const revokeAllSessions = () =>
  request<{ revoked: number }>({ url: 'member/session/revoke-all', method: 'POST' });
