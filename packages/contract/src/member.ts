/** Failures of the member domain (accounts, codes, passwords, pay password). */
export const memberErrors = {
  PAY_PASSWORD_NOT_SET: 400,
  PAY_PASSWORD_WRONG: 400,
  PAY_PASSWORD_LOCKED: 429,
} as const;
