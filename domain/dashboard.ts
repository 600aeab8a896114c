// The store dashboard's panels (DOMAIN.md "Dashboard").

/** How many specials the dashboard's panel shows (the rest are a click away in the store). */
export const DASHBOARD_SPECIALS = 12;
