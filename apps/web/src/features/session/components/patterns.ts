/** Mainland mobile numbers, as the contract's `phoneSchema` accepts them. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
/** One-time codes are six digits. */
export const SMS_PATTERN = /^\d{6}$/;
/** Usernames for self-registration, as the contract's `registerBodySchema` accepts them. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;
/** Minimum password length of the contract. */
export const PASSWORD_MIN = 6;
