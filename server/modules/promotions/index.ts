// The supply desk's promotions (issue 25 item 4): specials, combo specials and blitz vouchers.
export { promotionRoutes as routes } from "./routes.ts";
