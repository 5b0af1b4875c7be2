/** The address a reset code was asked for, handed from the forgot-password page to the reset page. */
const KEY = 'civitas.resetEmail';

export function rememberResetEmail(email: string): void {
  try {
    sessionStorage.setItem(KEY, email);
  } catch {
    // Storage may be off; the reset page then asks for the address.
  }
}

export function resetEmail(): string {
  try {
    return sessionStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function forgetResetEmail(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
