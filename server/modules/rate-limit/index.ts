// Fixed-window counters shared by every instance (sign-in attempts, public forms).
export { hit, hitWindow, holdUntil, reset, takeBack } from "./repo.ts";
