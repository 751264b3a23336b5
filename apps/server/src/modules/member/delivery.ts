import type { CodeScene, LanguageKey } from '@soar/contract';
import { translate } from '@soar/i18n';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AccountMail } from '../../core/withdrawal-hold.ts';

export type { AccountMail } from '../../core/withdrawal-hold.ts';

export type CodeMessage = {
  channel: 'email' | 'phone';
  /** A mail address, or "+areaCode phone". */
  destination: string;
  scene: CodeScene;
  code: string;
  /** The language of the request that asked for the code: the text is written in it. */
  lang: LanguageKey;
  validMinutes: number;
  /** The member's anti-phishing phrase (`mail-phrase.ts`); none for an address with no member. */
  phrase?: string;
};

/**
 * Hands a verification code to its owner, and mails a member about their account (a withdrawal
 * hold). Tests inject a recording sender through `buildApp`.
 */
export interface CodeSender {
  send(message: CodeMessage): Promise<void>;
  sendMail(mail: AccountMail): Promise<void>;
}

/** Text messages to phones: an SMS provider's adapter sends `codeText(message).text` to the destination. */
export interface SmsProvider {
  sendCode(message: CodeMessage): Promise<void>;
}

/** Opens every mail to a member who chose an anti-phishing phrase: a forger cannot know it. */
export function phraseLine(lang: LanguageKey, phrase: string): string {
  return translate(lang, 'signIn.mail.phrase', { phrase });
}

export function codeText(message: CodeMessage): { subject: string; text: string } {
  const params = { code: message.code, minutes: message.validMinutes };
  const text = translate(message.lang, 'member.codeMessage.text', params);
  return {
    subject: translate(message.lang, 'member.codeMessage.subject', params),
    text: message.phrase ? `${phraseLine(message.lang, message.phrase)}\n\n${text}` : text,
  };
}

/**
 * The embedded default (no SMTP_URL, no SMS provider): the code goes to the server log, one line
 * holding destination and code, so a developer can sign up without a mail server.
 */
export class LogCodeSender implements CodeSender, SmsProvider {
  constructor(private readonly log: FastifyBaseLogger) {}

  async send({ destination, scene, code }: CodeMessage): Promise<void> {
    this.log.info({ destination, scene, code }, 'verification code');
  }

  async sendMail({ destination, kind, subject }: AccountMail): Promise<void> {
    this.log.info({ destination, kind, subject }, 'account mail');
  }

  sendCode(message: CodeMessage): Promise<void> {
    return this.send(message);
  }
}

/**
 * SMTP through nodemailer. SMTP_URL is nodemailer's connection URL; a `from` query parameter
 * sets the sender (default `Soar <no-reply@soar.local>`).
 */
export class SmtpCodeSender implements CodeSender {
  readonly #transport: Transporter;
  readonly #from: string;

  constructor(smtpUrl: string) {
    const url = new URL(smtpUrl);
    this.#from = url.searchParams.get('from') ?? 'Soar <no-reply@soar.local>';
    url.searchParams.delete('from');
    this.#transport = nodemailer.createTransport(url.toString());
  }

  async send(message: CodeMessage): Promise<void> {
    const { subject, text } = codeText(message);
    await this.#transport.sendMail({ from: this.#from, to: message.destination, subject, text });
  }

  async sendMail({ destination, subject, text, headers }: AccountMail): Promise<void> {
    await this.#transport.sendMail({ from: this.#from, to: destination, subject, text, headers });
  }

  close(): void {
    this.#transport.close();
  }
}

/** Mail codes go to `mail`, phone codes to the SMS provider. */
export class ChannelCodeSender implements CodeSender {
  constructor(
    private readonly mail: CodeSender,
    private readonly sms: SmsProvider,
  ) {}

  send(message: CodeMessage): Promise<void> {
    return message.channel === 'email' ? this.mail.send(message) : this.sms.sendCode(message);
  }

  sendMail(mail: AccountMail): Promise<void> {
    return this.mail.sendMail(mail);
  }
}

/** SMTP when SMTP_URL is set, else the log; phones through `sms`, else the log. */
export function createCodeSender(options: { smtpUrl?: string; log: FastifyBaseLogger; sms?: SmsProvider }) {
  const log = new LogCodeSender(options.log);
  const mail = options.smtpUrl ? new SmtpCodeSender(options.smtpUrl) : log;
  return {
    sender: new ChannelCodeSender(mail, options.sms ?? log),
    close: () => {
      if (mail instanceof SmtpCodeSender) mail.close();
    },
  };
}
