import { randomBytes } from 'node:crypto';
import type { AccountMail, CodeMessage, CodeSender } from '../modules/member/index.ts';

/** Keeps every code the app sends, so tests read codes the way a member reads their mail. */
export class RecordingSender implements CodeSender {
  readonly messages: CodeMessage[] = [];
  readonly mails: AccountMail[] = [];

  async send(message: CodeMessage): Promise<void> {
    this.messages.push(message);
  }

  async sendMail(mail: AccountMail): Promise<void> {
    this.mails.push(mail);
  }

  lastCode(destination: string): string {
    const message = this.messages.findLast((m) => m.destination === destination);
    if (!message) throw new Error(`no code was sent to ${destination}`);
    return message.code;
  }
}

export function unique(prefix = 'u'): string {
  return `${prefix}${randomBytes(4).toString('hex')}`;
}

export function uniquePhone(): string {
  return `139${String(Number.parseInt(randomBytes(4).toString('hex'), 16) % 100_000_000).padStart(8, '0')}`;
}
