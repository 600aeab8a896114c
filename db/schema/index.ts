export * from "./accounts.ts";
export * from "./auth.ts";
export * from "./mail.ts";
export * from "./catalog.ts";
export * from "./cart.ts";
export * from "./orders.ts";
export * from "./marketing.ts";
export * from "./mm.ts";
