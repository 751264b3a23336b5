import { call } from '@soar/client';
import type { CodeScene } from '@soar/contract';

export type CodeDestination = { type: 'email'; mail: string } | { type: 'phone'; phone: string; areaCode: string };

/** `POST member/code/send`: scene paypwd goes to the account's own mail or phone by `type`. */
export const sendCode = (destination: CodeDestination, scene: CodeScene) =>
  call('POST /member/code/send', { body: { ...destination, scene } });

/** Scene paypwd: the code goes to the signed-in account's own mail or phone, chosen by `type`. */
export const sendOwnCode = (type: 'email' | 'phone') =>
  call('POST /member/code/send', { body: { type, scene: 'paypwd' } });
