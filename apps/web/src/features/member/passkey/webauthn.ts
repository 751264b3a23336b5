import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { toast } from '../../../shared/feedback.ts';
import { i18n } from '../../../shared/i18n.ts';

/**
 * The browser's side of passkeys, loaded on first use: @simplewebauthn/browser stays out of the
 * first load (docs/web.md). Each answers the browser's result, or undefined once the member has
 * been told why there is none (cancelled, timed out, already added, no passkey support).
 */
const library = () => import('@simplewebauthn/browser');

function told(error: unknown): undefined {
  const code = (error as { code?: string; name?: string }).code;
  const name = (error as { name?: string }).name;
  const key =
    code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'
      ? 'account.passkeys.duplicate'
      : name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED'
        ? 'account.passkeys.cancelled'
        : 'account.passkeys.unsupported';
  toast(i18n.t(key));
  return undefined;
}

async function supported() {
  const { browserSupportsWebAuthn } = await library();
  if (browserSupportsWebAuthn()) return true;
  toast(i18n.t('account.passkeys.unsupported'));
  return false;
}

/** `navigator.credentials.create` with the server's options (their fields are the contract's, as WebAuthn names them). */
export async function createPasskey(options: object) {
  if (!(await supported())) return undefined;
  const { startRegistration } = await library();
  return startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON }).catch(told);
}

/** `navigator.credentials.get` with the server's options. */
export async function signWithPasskey(options: object) {
  if (!(await supported())) return undefined;
  const { startAuthentication } = await library();
  return startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON }).catch(told);
}
