/**
 * Limits of the sign-in, registration and password pages. Their messages are the login page's
 * own texts, so these are plain values rather than field specs.
 */

/** The shortest password (sign-up, reset, change, and the user form). */
export const PASSWORD_MIN = 6;
/** One-time SMS codes are six digits. */
export const SMS_CODE_PATTERN = /^\d{6}$/;
/** A self-registered username: 3 to 32 letters, digits, `_`, `.` and `-`. */
export const REGISTER_USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;
