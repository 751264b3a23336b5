/** docs/product.md section 5: a new code may be asked for 60 seconds after the last. */
export const codeResendSeconds = 60;
