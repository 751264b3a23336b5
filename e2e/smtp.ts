/** The capturing SMTP server of global-setup.ts: its port and the env var naming its mail dir. */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 25);
export const mailDirEnv = 'SOAR_E2E_MAIL_DIR';
