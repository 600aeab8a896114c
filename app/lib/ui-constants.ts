// SPEC §9 constants of the browser UI: toast defaults, layout breakpoints, client timings. The
// business constants and message texts stay in domain/constants.ts.
export const TOAST_DEFAULT_DURATION_MS = 5000;
export const TOAST_DEFAULT_TYPE = "success" as const;

export const BREAKPOINTS = { sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;

export const PAYLOAD_CACHE_MS = 3_600_000;
export const MANIFEST_CHECK_IDLE_DELAY_MS = 1000;
export const ROUTE_PREFETCH_DELAY_MS = 100;
export const ANALYTICS_RETRY_MS = 100;
export const FONT_FALLBACK_MS = 3000;
export const FONT_FALLBACK_NO_API_MS = 1500;
export const STYLESHEET_AFTER_ICON_FONT_MS = 100;
