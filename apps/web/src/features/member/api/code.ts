import { request } from '@soar/client';
import type { CodeScene, codeSendAnswer } from '@soar/contract';

type CodeSendAnswer = ReturnType<typeof codeSendAnswer.parse>;

export type CodeDestination = { type: 'email'; mail: string } | { type: 'phone'; phone: string; areaCode: string };

/** `POST member/code/send`: scene paypwd goes to the account's own mail or phone by `type`. */
export const sendCode = (destination: CodeDestination, scene: CodeScene) =>
  request<CodeSendAnswer>({
    url: 'member/code/send',
    method: 'POST',
    data: { ...destination, scene },
  });

/** Scene paypwd: the code goes to the signed-in account's own mail or phone, chosen by `type`. */
export const sendOwnCode = (type: 'email' | 'phone') =>
  request<CodeSendAnswer>({
    url: 'member/code/send',
    method: 'POST',
    data: { type, scene: 'paypwd' },
  });
