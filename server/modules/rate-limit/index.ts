// Fixed-window counters shared by every instance (sign-in attempts, public forms).
export { hit, reset, takeBack } from "./repo.ts";
