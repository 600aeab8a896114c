// SPEC §9 business constants and SPEC §5 message texts (the UI's timings and breakpoints are in
// app/lib/ui-constants.ts; RELOAD_GUARD_MS stays here for domain/retry.ts). The texts are shown to
// users and asserted by tests elsewhere, so they must not be reworded.

export const RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504] as const;
export const RELOAD_GUARD_MS = 10_000;

export const DEFAULT_COMPANY_NAME = "Pride";
export const CUTOFF_TIMEZONE = "America/New_York";

export const WHOLESALE_FUZZY = { threshold: 0.6, distance: 100 } as const;
export const MM_FUZZY_THRESHOLD = 0.4;

/** Lines in these categories are fee/packaging lines, not merchandise. */
export const FEE_CATEGORIES = ["boxes", "pails"] as const;
export const ECO_FEE_DESCRIPTION = "Eco Fee";

export const ALERT_TYPES = ["success", "error", "info", "warning", "question", "blitz"] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/**
 * SPEC §9 names buttons only for five types; 'blitz' (the voucher pop-up) is
 * informational, so it gets the single 'Ok' like info.
 */
export function alertButtons(type: AlertType): string[] {
  return type === "warning" || type === "question" ? ["Yes", "No"] : ["Ok"];
}

export const ALERT_KEY_LENGTH = 10;
const ALERT_KEY_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Keys only tell alerts apart on screen, so Math.random is enough; `random` is injectable for tests. */
export function newAlertKey(random: () => number = Math.random): string {
  let key = "";
  for (let i = 0; i < ALERT_KEY_LENGTH; i++) {
    const index = Math.min(Math.floor(random() * ALERT_KEY_ALPHABET.length), ALERT_KEY_ALPHABET.length - 1);
    key += ALERT_KEY_ALPHABET[index];
  }
  return key;
}

// SPEC §5 quantity messages (inline error alerts).
export const INVALID_QUANTITY_MESSAGE = "Invalid Quantity: Please enter a valid quantity";
export const QUANTITY_REMAINING_MESSAGE = "You can only order up to the quantity remaining today";

// SPEC §5 generic form messages.
export const REQUIRED_MESSAGE = "This field is required";
export const EMAIL_MESSAGE = "Please enter a valid email";
export const NUMBERS_ONLY_MESSAGE = "Only numbers are allowed";
export const INTEGER_ONLY_MESSAGE = "Only integer values are allowed";
export const UPPERCASE_ONLY_MESSAGE = "Uppercase only";
export const INVALID_FORMAT_MESSAGE = "Invalid format";
export const maxLengthMessage = (n: number): string => `Maximum ${n} characters`;
export const minLengthMessage = (n: number): string => `Minimum ${n} characters`;

export const FORM_MESSAGES = {
  required: REQUIRED_MESSAGE,
  email: EMAIL_MESSAGE,
  numbersOnly: NUMBERS_ONLY_MESSAGE,
  integerOnly: INTEGER_ONLY_MESSAGE,
  uppercaseOnly: UPPERCASE_ONLY_MESSAGE,
  invalidFormat: INVALID_FORMAT_MESSAGE,
  maxLength: maxLengthMessage,
  minLength: minLengthMessage,
} as const;

/** SPEC §2 / §8: text of the non-fatal 404. */
export const pageNotFoundMessage = (path: string): string => `Page not found: ${path}`;
