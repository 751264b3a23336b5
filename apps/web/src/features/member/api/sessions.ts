import { call } from '@soar/client';
import type { sessionListAnswer } from '@soar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

type SessionList = ReturnType<typeof sessionListAnswer.parse>;
export type MemberSession = SessionList['sessions'][number];
export type LoginAttempt = SessionList['attempts'][number];

/** `GET member/session/list`: live sessions newest first and the 20 latest login attempts. */
export const getSessions = () => call('GET /member/session/list', {}, { loading: false });

export const sessionsQuery = () => queryOptions({ queryKey: ['member', 'sessions'], queryFn: getSessions });
export const useSessions = (enabled: boolean) => useQuery({ ...sessionsQuery(), enabled });

/** `POST member/session/revoke`: ends one live session of this member. */
export const revokeSession = (id: number) => call('POST /member/session/revoke', { body: { id } });

/** `POST member/session/revoke-all`: every session, this one included. */
export const revokeAllSessions = () => call('POST /member/session/revoke-all');
